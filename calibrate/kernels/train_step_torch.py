# SPDX-License-Identifier: Apache-2.0
# The framework kernel of `modak bench` (docs/calibration.md): times PyTorch's own training step of a
# workload on synthetic data -- forward, backward and an AdamW step -- for each precision, graph
# compiler and batch size asked for. Embedded in modak and written into every sweep, so it runs with
# the image's or the host's python. It prints one JSON object per measurement on standard output
# (modak turns them into result records) and its messages on standard error. A configuration the
# framework or the device cannot run (torch.compile before PyTorch 2, fp16 on a CPU, a model
# torchvision does not have) is an "unavailable" measurement; running out of memory is a "failed"
# one, and stops the larger batches of that precision. Neither is fatal: the exit status is 0 when
# every measurement was printed.
import argparse
import datetime
import json
import math
import os
import platform
import socket
import statistics
import sys
import time

KERNEL_VERSION = "torch-train-step/1"

try:
    import torch
    import torch.nn as nn
    import torch.nn.functional as F
except ImportError as error:  # no framework here: every measurement says so
    torch = None
    IMPORT_ERROR = str(error)


def log(message):
    print(f"train_step_torch: {message}", file=sys.stderr, flush=True)


# ---- models ---------------------------------------------------------------------------------------

if torch is not None:

    class MnistCnn(nn.Module):
        """The Keras MNIST example CNN (1,199,882 parameters): the catalogue's mnist_cnn."""

        def __init__(self):
            super().__init__()
            self.conv1 = nn.Conv2d(1, 32, 3)
            self.conv2 = nn.Conv2d(32, 64, 3)
            self.fc1 = nn.Linear(9216, 128)
            self.fc2 = nn.Linear(128, 10)

        def forward(self, x):
            x = F.max_pool2d(F.relu(self.conv2(F.relu(self.conv1(x)))), 2)
            x = F.dropout(x, 0.25, self.training)
            x = F.dropout(F.relu(self.fc1(torch.flatten(x, 1))), 0.5, self.training)
            return self.fc2(x)

    class CifarBlock(nn.Module):
        def __init__(self, cin, cout, stride):
            super().__init__()
            self.conv1 = nn.Conv2d(cin, cout, 3, stride, 1, bias=False)
            self.bn1 = nn.BatchNorm2d(cout)
            self.conv2 = nn.Conv2d(cout, cout, 3, 1, 1, bias=False)
            self.bn2 = nn.BatchNorm2d(cout)
            self.pad = cout - cin  # option A of He et al.: the shortcut pads channels with zeros
            self.stride = stride

        def forward(self, x):
            y = self.bn2(self.conv2(F.relu(self.bn1(self.conv1(x)))))
            s = x[:, :, :: self.stride, :: self.stride]
            if self.pad:
                s = F.pad(s, (0, 0, 0, 0, self.pad // 2, self.pad - self.pad // 2))
            return F.relu(y + s)

    class CifarResNet(nn.Module):
        """ResNet-6n+2 of He et al. 2016 §4.2 (resnet44_cifar10: n = 7)."""

        def __init__(self, n, classes=10):
            super().__init__()
            self.conv = nn.Conv2d(3, 16, 3, 1, 1, bias=False)
            self.bn = nn.BatchNorm2d(16)
            layers, cin = [], 16
            for cout, stride in ((16, 1), (32, 2), (64, 2)):
                for i in range(n):
                    layers.append(CifarBlock(cin, cout, stride if i == 0 else 1))
                    cin = cout
            self.layers = nn.Sequential(*layers)
            self.fc = nn.Linear(64, classes)

        def forward(self, x):
            x = self.layers(F.relu(self.bn(self.conv(x))))
            return self.fc(torch.flatten(F.adaptive_avg_pool2d(x, 1), 1))

    class Mlp(nn.Module):
        """A plain MLP: `layers` hidden layers of width `hidden` with ReLU, 10 classes."""

        def __init__(self, inputs, hidden, layers, classes=10):
            super().__init__()
            dims = [inputs] + [hidden] * layers
            self.body = nn.Sequential(
                *[m for a, b in zip(dims, dims[1:]) for m in (nn.Linear(a, b), nn.ReLU())]
            )
            self.head = nn.Linear(dims[-1], classes)

        def forward(self, x):
            return self.head(self.body(x))

    class Attention(nn.Module):
        def __init__(self, hidden, heads, kv_heads, causal):
            super().__init__()
            self.heads, self.kv_heads, self.causal = heads, kv_heads, causal
            self.head_dim = hidden // heads
            self.q = nn.Linear(hidden, hidden, bias=False)
            self.kv = nn.Linear(hidden, 2 * kv_heads * self.head_dim, bias=False)
            self.out = nn.Linear(hidden, hidden, bias=False)

        def forward(self, x):
            b, t, _ = x.shape
            q = self.q(x).view(b, t, self.heads, self.head_dim).transpose(1, 2)
            k, v = self.kv(x).view(b, t, 2, self.kv_heads, self.head_dim).unbind(2)
            k, v = k.transpose(1, 2), v.transpose(1, 2)
            if self.kv_heads != self.heads:  # grouped-query attention: each KV head serves a group
                k = k.repeat_interleave(self.heads // self.kv_heads, dim=1)
                v = v.repeat_interleave(self.heads // self.kv_heads, dim=1)
            if hasattr(F, "scaled_dot_product_attention"):  # PyTorch 2: the fused kernels
                y = F.scaled_dot_product_attention(q, k, v, is_causal=self.causal)
            else:
                scores = (q @ k.transpose(-2, -1)) / math.sqrt(self.head_dim)
                if self.causal:
                    mask = torch.ones(t, t, dtype=torch.bool, device=x.device).triu(1)
                    scores = scores.masked_fill(mask, float("-inf"))
                y = scores.softmax(-1) @ v
            return self.out(y.transpose(1, 2).reshape(b, t, -1))

    class Block(nn.Module):
        def __init__(self, s):
            super().__init__()
            hidden, ffn = s["hidden"], s["ffn"]
            self.norm1 = nn.LayerNorm(hidden)
            self.attn = Attention(hidden, s["heads"], s["kv_heads"], s["causal"])
            self.norm2 = nn.LayerNorm(hidden)
            self.gated = s["gated_ffn"]
            self.up = nn.Linear(hidden, (2 if self.gated else 1) * ffn, bias=False)
            self.down = nn.Linear(ffn, hidden, bias=False)

        def forward(self, x):
            x = x + self.attn(self.norm1(x))
            h = self.up(self.norm2(x))
            if self.gated:  # SwiGLU: silu(x W1) * (x W3)
                a, g = h.chunk(2, dim=-1)
                h = F.silu(a) * g
            else:
                h = F.gelu(h)
            return x + self.down(h)

    class Transformer(nn.Module):
        """A pre-norm decoder (causal) or encoder built from the workload's shape; the loss is over
        every position's vocabulary logits (next-token prediction, or token classification)."""

        def __init__(self, s):
            super().__init__()
            self.embed = nn.Embedding(s["vocabulary"], s["hidden"])
            self.position = nn.Parameter(torch.zeros(1, s["sequence"], s["hidden"]))
            self.blocks = nn.ModuleList([Block(s) for _ in range(s["layers"])])
            self.norm = nn.LayerNorm(s["hidden"])
            self.head = nn.Linear(s["hidden"], s["vocabulary"], bias=False)

        def forward(self, tokens):
            x = self.embed(tokens) + self.position[:, : tokens.shape[1]]
            for block in self.blocks:
                x = block(x)
            return self.head(self.norm(x))


# torchvision's name for a catalogue workload, and its input resolution.
TORCHVISION = {
    "alexnet": ("alexnet", 224),
    "vgg16": ("vgg16", 224),
    "resnet50": ("resnet50", 224),
    "resnet101": ("resnet101", 224),
    "resnet152": ("resnet152", 224),
    "inception_v3": ("inception_v3", 299),
    "vit_b16": ("vit_b_16", 224),
    "vit_l16": ("vit_l_16", 224),
}


class Unavailable(Exception):
    """This configuration cannot run here (the reason says why); not an error of the kernel."""


def full_shape(shape):
    """The workload's shape with the catalogue's defaults filled in (docs/model.md)."""
    need = ("layers", "hidden", "heads", "vocabulary", "sequence")
    missing = [k for k in need if not shape.get(k)]
    if missing:
        raise Unavailable(f"the workload's shape lacks {', '.join(missing)}")
    s = dict(shape)
    s["kv_heads"] = s.get("kv_heads") or s["heads"]
    s["ffn"] = s.get("ffn") or 4 * s["hidden"]
    s["gated_ffn"] = bool(s.get("gated_ffn", False))
    s["causal"] = bool(s.get("causal", True))
    if s.get("experts"):
        raise Unavailable("mixture-of-experts shapes are not built by this kernel yet")
    if s["hidden"] % s["heads"] or s["heads"] % s["kv_heads"]:
        raise Unavailable("heads must divide hidden, and kv_heads must divide heads")
    return s


def build(args):
    """The model and a function making one synthetic batch (inputs, targets) of a given size."""
    name, kind = args.workload, args.kind
    shape = json.loads(args.shape) if args.shape else None
    if shape:
        s = full_shape(shape)
        model = Transformer(s)
        vocab, seq = s["vocabulary"], s["sequence"]

        def batch(n, device):
            tokens = torch.randint(0, vocab, (n, seq + 1), device=device)
            return tokens[:, :-1], tokens[:, 1:]

        def loss(out, target):
            return F.cross_entropy(out.reshape(-1, out.shape[-1]).float(), target.reshape(-1))

        return model, batch, loss
    if name == "mnist_cnn":
        model, size, channels = MnistCnn(), 28, 1
    elif name == "resnet44_cifar10":
        model, size, channels = CifarResNet(7), 32, 3
    elif name in TORCHVISION:
        try:
            import torchvision
        except ImportError:
            raise Unavailable(f"{name} is built with torchvision, which this python does not have")
        tv_name, size = TORCHVISION[name]
        kwargs = {"aux_logits": False, "init_weights": False} if tv_name == "inception_v3" else {}
        model, channels = getattr(torchvision.models, tv_name)(**kwargs), 3
    elif kind == "mlp" and args.mlp:
        inputs, hidden, layers = (int(v) for v in args.mlp.split(","))
        model = Mlp(inputs, hidden, layers)

        def batch(n, device):
            return torch.randn(n, inputs, device=device), torch.randint(0, 10, (n,), device=device)

        return model, batch, lambda out, target: F.cross_entropy(out.float(), target)
    else:
        raise Unavailable(
            f"no model for workload '{name}' (kind {kind}): this kernel builds mnist_cnn, "
            f"resnet44_cifar10, {', '.join(TORCHVISION)} (torchvision), MLPs and transformers "
            "from their shape"
        )
    classes = model.fc2.out_features if name == "mnist_cnn" else 1000 if name in TORCHVISION else 10

    def batch(n, device):
        x = torch.randn(n, channels, size, size, device=device)
        return x, torch.randint(0, classes, (n,), device=device)

    return model, batch, lambda out, target: F.cross_entropy(out.float(), target)


# ---- the measurement -------------------------------------------------------------------------------


def device_name(device):
    if device.type == "cuda":
        return torch.cuda.get_device_name(device)
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                if line.startswith("model name"):
                    return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or platform.machine()


def is_out_of_memory(error):
    return isinstance(error, getattr(torch.cuda, "OutOfMemoryError", ())) or "out of memory" in str(
        error
    ).lower()


def precision_context(precision, device):
    """The autocast context of a precision, the gradient scaler, or Unavailable."""
    cuda = device.type == "cuda"
    if cuda:  # TF32 only when asked: fp32 means fp32
        allow = precision == "tf32"
        torch.backends.cuda.matmul.allow_tf32 = allow
        torch.backends.cudnn.allow_tf32 = allow
    if precision == "fp32":
        return None, None
    if precision == "tf32":
        if not cuda or torch.cuda.get_device_capability(device)[0] < 8:
            raise Unavailable("tf32 needs an NVIDIA GPU of compute capability 8 (Ampere) or later")
        return None, None
    if precision == "bf16":
        if cuda and not torch.cuda.is_bf16_supported():
            raise Unavailable(f"{device_name(device)} has no bf16")
        return torch.bfloat16, None
    if precision == "fp16":
        if not cuda:
            raise Unavailable("fp16 autocast with a gradient scaler needs a GPU")
        return torch.float16, torch.cuda.amp.GradScaler()
    raise Unavailable(f"unknown precision '{precision}'")


def synchronize(device):
    if device.type == "cuda":
        torch.cuda.synchronize(device)


def measure(args, device, precision, compiler, batch_size, built):
    """Median seconds of one training step (after the warm-up steps), or an exception."""
    model, make_batch, loss_of = built
    dtype, scaler = precision_context(precision, device)
    if compiler == "inductor":
        major = int(torch.__version__.split(".")[0])
        if major < 2 or not hasattr(torch, "compile"):
            raise Unavailable(f"torch.compile needs PyTorch 2; this is {torch.__version__}")
        model = torch.compile(model)
    elif compiler != "none":
        raise Unavailable(f"unknown graph compiler '{compiler}': none or inductor")
    optimizer = torch.optim.AdamW(model.parameters(), lr=1e-4)
    inputs, targets = make_batch(batch_size, device)  # synthetic data, made once: no input pipeline

    def step():
        optimizer.zero_grad(set_to_none=True)
        if dtype is not None:
            with torch.autocast(device_type=device.type, dtype=dtype):
                loss = loss_of(model(inputs), targets)
        else:
            loss = loss_of(model(inputs), targets)
        if scaler is not None:
            scaler.scale(loss).backward()
            scaler.step(optimizer)
            scaler.update()
        else:
            loss.backward()
            optimizer.step()
        return loss

    for _ in range(args.warmup):
        step()
    synchronize(device)
    times = []
    for _ in range(args.steps):
        start = time.perf_counter()
        loss = step()
        synchronize(device)
        times.append(time.perf_counter() - start)
    if not math.isfinite(float(loss)):
        raise RuntimeError(f"the loss is {float(loss)}: the step diverged")
    return statistics.median(times)


def main():
    p = argparse.ArgumentParser(description="Time PyTorch training steps on synthetic data.")
    p.add_argument("--workload", required=True)
    p.add_argument("--kind", default="")
    p.add_argument("--shape", default="", help="the transformer's shape, as the catalogue's JSON")
    p.add_argument("--mlp", default="", help="an MLP: INPUTS,HIDDEN,LAYERS")
    p.add_argument("--batch", default="32", help="batch sizes, comma-separated, ascending")
    p.add_argument("--precision", default="fp32", help="fp32, bf16, fp16, tf32 (comma-separated)")
    p.add_argument("--compile", default="none", help="none, inductor (comma-separated)")
    p.add_argument("--device", default="auto", help="auto (a GPU when there is one), cuda, cpu")
    p.add_argument("--threads", type=int, default=0, help="CPU threads (0: PyTorch's default)")
    p.add_argument("--steps", type=int, default=10)
    p.add_argument("--warmup", type=int, default=3)
    args = p.parse_args()
    batches = [int(b) for b in args.batch.split(",")]
    common = {"kernel_version": KERNEL_VERSION, "workload": args.workload, "host": socket.gethostname(),
              "python": platform.python_version(), "steps": args.steps, "warmup": args.warmup}

    def emit(record):
        record.update(common)
        record["date"] = datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")
        print(json.dumps(record, sort_keys=True), flush=True)

    configurations = [(c, pr) for c in args.compile.split(",") for pr in args.precision.split(",")]
    if torch is None:
        for c, pr in configurations:
            for b in batches:
                emit({"status": "unavailable", "reason": f"no PyTorch here: {IMPORT_ERROR}",
                      "graph_compiler": c, "precision": pr, "batch": b})
        return 0
    want = args.device
    if want == "auto":
        want = "cuda" if torch.cuda.is_available() else "cpu"
    if want == "cuda" and not torch.cuda.is_available():
        log("no CUDA device: every measurement is unavailable")
    device = torch.device(want)
    if args.threads > 0:
        torch.set_num_threads(args.threads)
    about = {"torch": torch.__version__, "device_type": device.type,
             "threads": torch.get_num_threads()}
    if device.type == "cuda" and torch.cuda.is_available():
        about["cuda"] = torch.version.cuda or ""
        about["device_name"] = device_name(device)
    elif device.type == "cpu":
        about["device_name"] = device_name(device)
    torch.manual_seed(0)
    for compiler, precision in configurations:
        for i, b in enumerate(batches):
            record = dict(about, graph_compiler=compiler, precision=precision, batch=b)
            try:
                if device.type == "cuda" and not torch.cuda.is_available():
                    raise Unavailable("no CUDA device is visible to PyTorch")
                built = build(args)
                record["model_parameters"] = sum(t.numel() for t in built[0].parameters())
                built = (built[0].to(device).train(), built[1], built[2])
                seconds = measure(args, device, precision, compiler, b, built)
                record.update(status="ok", step_seconds=seconds, throughput=b / seconds)
                log(f"{args.workload} {compiler} {precision} batch {b}: {b / seconds:.4g} samples/s")
                emit(record)
            except Unavailable as why:
                record.update(status="unavailable", reason=str(why))
                emit(record)
                for later in batches[i + 1:]:  # the same reason holds for every batch size
                    emit(dict(record, batch=later))
                break
            except Exception as error:  # noqa: BLE001 -- recorded, not fatal
                oom = is_out_of_memory(error)
                reason = f"out of memory at batch {b}" if oom else f"{type(error).__name__}: {error}"
                record.update(status="failed", reason=reason[:400])
                emit(record)
                if device.type == "cuda":
                    torch.cuda.empty_cache()
                if oom:  # larger batches would not fit either
                    break
            finally:
                built = None
    return 0


if __name__ == "__main__":
    sys.exit(main())
