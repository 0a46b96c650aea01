#!/usr/bin/python3
"""Counts what the catalogue states of a convolutional workload (schemas/catalog/workloads.json):
parameters, forward multiply-accumulates and the activations one sample keeps for the backward pass,
by building the network layer by layer in torch.nn from its published description and running one
sample through it on the CPU (Debian's python3-torch).

Activations follow the catalogue's count ("modak's count"): the output of every convolution, linear,
normalisation, activation and pooling layer and of every residual addition in one forward pass.
The same code counts ResNet-50, whose figures (25,557,032 parameters as torchvision lists them,
4.09 GMAC) are checked first, so the method is tested on a network with published counts; RetinaNet's
backbone, ResNeXt-50 (32x4d), is checked the same way (25,028,904 parameters, 4.23 GMAC).

usage: schemas/catalog/derive/cnn_counts.py [resnet50|resnext50_32x4d|ssd300|retinanet_resnext50_800]
"""
import sys

import torch
from torch import nn


class Bottleneck(nn.Module):
    """He et al. 2016's bottleneck block (1x1, 3x3, 1x1), the stride on the 3x3 (ResNet v1.5). ResNeXt
    (Xie et al. 2017, Fig. 3c) is the same block with a grouped 3x3 and a wider middle: `groups` paths
    of `width / groups` channels each, and `expansion` = outputs / width (4 for ResNet, 2 for 32x4d)."""

    def __init__(self, inputs, width, stride, counter, groups=1, expansion=4):
        super().__init__()
        outputs = width * expansion
        self.body = nn.Sequential(
            nn.Conv2d(inputs, width, 1, bias=False), nn.BatchNorm2d(width), nn.ReLU(),
            nn.Conv2d(width, width, 3, stride, 1, groups=groups, bias=False), nn.BatchNorm2d(width), nn.ReLU(),
            nn.Conv2d(width, outputs, 1, bias=False), nn.BatchNorm2d(outputs))
        self.shortcut = (nn.Sequential(nn.Conv2d(inputs, outputs, 1, stride, bias=False), nn.BatchNorm2d(outputs))
                         if stride != 1 or inputs != outputs else nn.Identity())
        self.relu = nn.ReLU()
        self.counter = counter

    def forward(self, x):
        added = self.body(x) + self.shortcut(x)
        self.counter.activations += added.numel()  # the residual addition
        return self.relu(added)


def stage(inputs, width, blocks, stride, counter, groups=1, expansion=4):
    layers = [Bottleneck(inputs, width, stride, counter, groups, expansion)]
    layers += [Bottleneck(width * expansion, width, 1, counter, groups, expansion) for _ in range(blocks - 1)]
    return nn.Sequential(*layers)


def resnet50_trunk(counter, last_stage=True, stage4_stride=2):
    layers = [nn.Conv2d(3, 64, 7, 2, 3, bias=False), nn.BatchNorm2d(64), nn.ReLU(), nn.MaxPool2d(3, 2, 1),
              stage(64, 64, 3, 1, counter), stage(256, 128, 4, 2, counter), stage(512, 256, 6, stage4_stride, counter)]
    if last_stage:
        layers.append(stage(1024, 512, 3, 2, counter))
    return nn.Sequential(*layers)


class Counter:
    activations = 0
    macs = 0


def resnext50_stages(counter):
    """ResNeXt-50 (32x4d) as Xie et al. 2017 Table 1 and the MLPerf reference README give it: the
    ResNet-50 stem, then 3, 4, 6, 3 blocks whose grouped 3x3s (32 groups) are 128, 256, 512, 1024 wide
    and whose outputs are 256, 512, 1024, 2048 channels. Returns the stem and the four stages."""
    stem = nn.Sequential(nn.Conv2d(3, 64, 7, 2, 3, bias=False), nn.BatchNorm2d(64), nn.ReLU(), nn.MaxPool2d(3, 2, 1))
    stages, inputs = [], 64
    for width, blocks, stride in ((128, 3, 1), (256, 4, 2), (512, 6, 2), (1024, 3, 2)):
        stages.append(stage(inputs, width, blocks, stride, counter, groups=32, expansion=2))
        inputs = width * 2
    return stem, stages


def resnet50(counter):
    """ResNet-50 on a 224x224 image, 1000 classes (He et al. 2016)."""
    return nn.Sequential(resnet50_trunk(counter), nn.AdaptiveAvgPool2d(1), nn.Flatten(), nn.Linear(2048, 1000)), 224


def resnext50_32x4d(counter):
    """ResNeXt-50 (32x4d) on a 224x224 image, 1000 classes: torchvision's resnext50_32x4d."""
    stem, stages = resnext50_stages(counter)
    return nn.Sequential(stem, *stages, nn.AdaptiveAvgPool2d(1), nn.Flatten(), nn.Linear(2048, 1000)), 224


class SSD300(nn.Module):
    """NVIDIA DeepLearningExamples' SSD300 v1.1 (PyTorch/Detection/SSD/README.md): ResNet-50 up to and
    including conv4_x, whose first block has stride 1 (a 38x38 map from a 300x300 image), then five
    extra blocks (1x1 then 3x3 convolutions with batch norm; strides 2, 2, 2, then unpadded 3x3s) to
    maps of 19, 10, 5, 3 and 1, and on each of the six maps a 3x3 box head (4 coordinates) and a 3x3
    class head (81 COCO classes with the background) for 4, 6, 6, 6, 4, 4 default boxes per cell:
    8 732 boxes (Liu et al. 2016)."""

    def __init__(self, counter):
        super().__init__()
        self.trunk = resnet50_trunk(counter, last_stage=False, stage4_stride=1)
        channels, middle = [1024, 512, 512, 256, 256, 256], [256, 256, 128, 128, 128]
        self.extra = nn.ModuleList()
        for i, (c_in, mid, c_out) in enumerate(zip(channels, middle, channels[1:])):
            last = (nn.Conv2d(mid, c_out, 3, 2, 1, bias=False) if i < 3 else nn.Conv2d(mid, c_out, 3, bias=False))
            self.extra.append(nn.Sequential(nn.Conv2d(c_in, mid, 1, bias=False), nn.BatchNorm2d(mid), nn.ReLU(),
                                            last, nn.BatchNorm2d(c_out), nn.ReLU()))
        boxes = [4, 6, 6, 6, 4, 4]
        self.loc = nn.ModuleList(nn.Conv2d(c, b * 4, 3, padding=1) for c, b in zip(channels, boxes))
        self.conf = nn.ModuleList(nn.Conv2d(c, b * 81, 3, padding=1) for c, b in zip(channels, boxes))

    def forward(self, x):
        maps = [self.trunk(x)]
        for block in self.extra:
            maps.append(block(maps[-1]))
        return [head(m) for heads in (self.loc, self.conf) for head, m in zip(heads, maps)]


def ssd300(counter):
    return SSD300(counter), 300


class RetinaNet(nn.Module):
    """MLPerf Training's object-detection benchmark (mlcommons/training, single_stage_detector, now
    retired_benchmarks/retinanet: README "Model" and ssd/model/{retinanet,backbone_utils,
    feature_pyramid_network}.py; Lin et al. 2017, "Focal Loss for Dense Object Detection"): a
    ResNeXt-50 (32x4d) backbone on an 800x800 image whose conv3_x, conv4_x and conv5_x outputs (C3-C5:
    512, 1024, 2048 channels at strides 8, 16, 32) feed a feature pyramid of 256 channels: a 1x1
    lateral convolution per level, the coarser level upsampled (nearest) and added, a 3x3 convolution
    on each sum (P3-P5), P6 a 3x3 stride-2 convolution of P5 and P7 one of ReLU(P6). On each of
    P3-P7 the same two heads run: four 3x3 convolutions of 256 channels with ReLU, then a 3x3
    convolution to 9 anchors x 264 classes (the MLPerf OpenImages subset) or to 9 x 4 box offsets.
    The pyramid and heads have biases, the backbone none; its batch norms are counted as ordinary
    BatchNorm2d layers (the reference freezes them: see trainable_parameters())."""

    def __init__(self, counter, classes=264, anchors=9, channels=256):
        super().__init__()
        self.counter = counter
        self.stem, stages = resnext50_stages(counter)
        self.stages = nn.ModuleList(stages)
        self.lateral = nn.ModuleList(nn.Conv2d(c, channels, 1) for c in (512, 1024, 2048))
        self.output = nn.ModuleList(nn.Conv2d(channels, channels, 3, padding=1) for _ in range(3))
        self.p6 = nn.Conv2d(channels, channels, 3, 2, 1)
        self.p7 = nn.Sequential(nn.ReLU(), nn.Conv2d(channels, channels, 3, 2, 1))

        def head(outputs):
            layers = []
            for _ in range(4):
                layers += [nn.Conv2d(channels, channels, 3, padding=1), nn.ReLU()]
            return nn.Sequential(*layers, nn.Conv2d(channels, outputs, 3, padding=1))

        self.classification = head(anchors * classes)
        self.regression = head(anchors * 4)

    def forward(self, x):
        x = self.stem(x)
        c = []
        for s in self.stages:
            x = s(x)
            c.append(x)
        inner = self.lateral[2](c[3])
        p = [self.output[2](inner)]
        for level in (1, 0):  # P4, then P3: lateral + the coarser sum upsampled
            lateral = self.lateral[level](c[level + 1])
            inner = lateral + nn.functional.interpolate(inner, size=lateral.shape[-2:], mode="nearest")
            self.counter.activations += inner.numel()  # the top-down addition
            p.insert(0, self.output[level](inner))
        p.append(self.p6(p[-1]))
        p.append(self.p7(p[-1]))
        return [head(level) for head in (self.classification, self.regression) for level in p]


def retinanet_resnext50_800(counter):
    return RetinaNet(counter), 800


def trainable_parameters(model):
    """What the MLPerf reference trains: trainable_backbone_layers = 3 (backbone_utils.py) freezes the
    stem and conv2_x, and every backbone batch norm is a FrozenBatchNorm2d (buffers, no parameters)."""
    frozen = set(id(p) for m in (model.stem, model.stages[0]) for p in m.parameters())
    frozen |= set(id(p) for m in list(model.stem.modules()) + list(model.stages.modules())
                  if isinstance(m, nn.BatchNorm2d) for p in m.parameters())
    return sum(p.numel() for p in model.parameters() if id(p) not in frozen)


def count(build):
    counter = Counter()
    model, side = build(counter)

    def hook(module, inputs, output):
        if isinstance(module, (nn.Conv2d, nn.Linear, nn.BatchNorm2d, nn.ReLU, nn.MaxPool2d, nn.AdaptiveAvgPool2d)):
            counter.activations += output.numel()
        if isinstance(module, nn.Conv2d):
            counter.macs += output.numel() * module.in_channels // module.groups * module.kernel_size[0] * module.kernel_size[1]
        elif isinstance(module, nn.Linear):
            counter.macs += output.numel() * module.in_features

    for m in model.modules():
        m.register_forward_hook(hook)
    with torch.no_grad():
        model.eval()(torch.zeros(1, 3, side, side))
    parameters = sum(p.numel() for p in model.parameters())
    return parameters, counter.macs, counter.activations, model


def main():
    parameters, macs, activations, _ = count(resnet50)
    # The method first reproduces ResNet-50's published counts,
    assert parameters == 25_557_032, parameters
    assert abs(macs / 4.09e9 - 1) < 0.01, macs
    # and those of ResNeXt-50 (32x4d), RetinaNet's backbone: torchvision's resnext50_32x4d lists
    # 25,028,904 parameters and 4.23 GFLOPS (multiply-accumulates); Xie et al. 2017 Table 1 4.2e9.
    parameters, macs, activations, _ = count(resnext50_32x4d)
    assert parameters == 25_028_904, parameters
    assert abs(macs / 4.23e9 - 1) < 0.01, macs
    builds = {"resnet50": resnet50, "resnext50_32x4d": resnext50_32x4d, "ssd300": ssd300,
              "retinanet_resnext50_800": retinanet_resnext50_800}
    name = sys.argv[1] if len(sys.argv) > 1 else "ssd300"
    parameters, macs, activations, model = count(builds[name])
    print(f"{name}: parameters {parameters}, forward {macs / 1e9:.3f} GMAC, "
          f"training FLOPs per sample {3 * 2 * macs:.4g} (3 x forward), activations per sample {activations:.4g}")
    if isinstance(model, RetinaNet):
        print(f"{name}: of the parameters the MLPerf reference trains {trainable_parameters(model)}")


if __name__ == "__main__":
    main()
