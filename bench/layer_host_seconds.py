#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Host seconds an eager PyTorch spends issuing one GPT layer's forward and backward operators.

The layer is Megatron's (layer norm, fused QKV projection, scaled and masked scores, softmax,
dropout, scores × V, output projection, residual with dropout, layer norm, 4h GELU MLP, residual
with dropout) on tensors so small (hidden 64, 8 tokens) that the arithmetic is negligible: what is
left is Python, autograd and the dispatcher, which an eager framework pays for every operator of a
GPU step too (it issues them; the GPU runs them asynchronously). The figure is CPU time of this
process (time.process_time), not wall time, so other load on the machine does not inflate it.
It is a lower bound for a GPU host: cudaLaunchKernel is not in it. Prints seconds per layer
(forward + backward): calibration.json's model.layer_host_seconds (docs/model.md).
"""
import math
import time

import torch

torch.set_num_threads(1)
H, HEADS, SEQ, BATCH = 64, 4, 8, 1


class Layer(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.ln1, self.ln2 = torch.nn.LayerNorm(H), torch.nn.LayerNorm(H)
        self.qkv, self.proj = torch.nn.Linear(H, 3 * H), torch.nn.Linear(H, H)
        self.up, self.down = torch.nn.Linear(H, 4 * H), torch.nn.Linear(4 * H, H)
        self.register_buffer("mask", torch.ones(SEQ, SEQ, dtype=torch.bool).triu(1))

    def forward(self, x):
        d = H // HEADS
        q, k, v = self.qkv(self.ln1(x)).view(SEQ, BATCH, 3, HEADS, d).permute(2, 1, 3, 0, 4).unbind(0)
        q, k, v = (t.reshape(BATCH * HEADS, SEQ, d) for t in (q, k, v))
        scores = torch.baddbmm(torch.empty(BATCH * HEADS, SEQ, SEQ), q, k.transpose(1, 2),
                               beta=0, alpha=1 / math.sqrt(d))
        probs = torch.nn.functional.dropout(torch.softmax(scores.masked_fill(self.mask, -1e4), -1), 0.1)
        a = torch.bmm(probs, v).view(BATCH, HEADS, SEQ, d).permute(2, 0, 1, 3).reshape(SEQ, BATCH, H)
        x = x + torch.nn.functional.dropout(self.proj(a), 0.1)
        mlp = self.down(torch.nn.functional.gelu(self.up(self.ln2(x))))
        return x + torch.nn.functional.dropout(mlp, 0.1)


def main():
    layer = Layer()
    x = torch.randn(SEQ, BATCH, H, requires_grad=True)

    def step():
        layer(x).sum().backward()

    for _ in range(300):
        step()
    best = math.inf
    for _ in range(5):  # the least of five runs: interruptions only add
        n, start = 1000, time.process_time()
        for _ in range(n):
            step()
        best = min(best, (time.process_time() - start) / n)
    print(f"torch {torch.__version__}: {best * 1e6:.0f} us of host CPU time per layer, forward + backward")


if __name__ == "__main__":
    main()
