#!/usr/bin/python3
"""Counts what the catalogue states of a convolutional workload (schemas/catalog/workloads.json):
parameters, forward multiply-accumulates and the activations one sample keeps for the backward pass,
by building the network layer by layer in torch.nn from its published description and running one
sample through it on the CPU (Debian's python3-torch).

Activations follow the catalogue's count ("modak's count"): the output of every convolution, linear,
normalisation, activation and pooling layer and of every residual addition in one forward pass.
The same code counts ResNet-50, whose figures (25,557,032 parameters as torchvision lists them,
4.09 GMAC) are checked first, so the method is tested on a network with published counts.

usage: schemas/catalog/derive/cnn_counts.py [resnet50|ssd300]
"""
import sys

import torch
from torch import nn


class Bottleneck(nn.Module):
    """He et al. 2016's bottleneck block (1x1, 3x3, 1x1), the stride on the 3x3 (ResNet v1.5)."""

    def __init__(self, inputs, width, stride, counter):
        super().__init__()
        outputs = width * 4
        self.body = nn.Sequential(
            nn.Conv2d(inputs, width, 1, bias=False), nn.BatchNorm2d(width), nn.ReLU(),
            nn.Conv2d(width, width, 3, stride, 1, bias=False), nn.BatchNorm2d(width), nn.ReLU(),
            nn.Conv2d(width, outputs, 1, bias=False), nn.BatchNorm2d(outputs))
        self.shortcut = (nn.Sequential(nn.Conv2d(inputs, outputs, 1, stride, bias=False), nn.BatchNorm2d(outputs))
                         if stride != 1 or inputs != outputs else nn.Identity())
        self.relu = nn.ReLU()
        self.counter = counter

    def forward(self, x):
        added = self.body(x) + self.shortcut(x)
        self.counter.activations += added.numel()  # the residual addition
        return self.relu(added)


def stage(inputs, width, blocks, stride, counter):
    layers = [Bottleneck(inputs, width, stride, counter)]
    layers += [Bottleneck(width * 4, width, 1, counter) for _ in range(blocks - 1)]
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


def resnet50(counter):
    """ResNet-50 on a 224x224 image, 1000 classes (He et al. 2016)."""
    return nn.Sequential(resnet50_trunk(counter), nn.AdaptiveAvgPool2d(1), nn.Flatten(), nn.Linear(2048, 1000)), 224


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
    return parameters, counter.macs, counter.activations


def main():
    parameters, macs, activations = count(resnet50)
    # The method first reproduces ResNet-50's published counts.
    assert parameters == 25_557_032, parameters
    assert abs(macs / 4.09e9 - 1) < 0.01, macs
    name = sys.argv[1] if len(sys.argv) > 1 else "ssd300"
    parameters, macs, activations = count({"resnet50": resnet50, "ssd300": ssd300}[name])
    print(f"{name}: parameters {parameters}, forward {macs / 1e9:.3f} GMAC, "
          f"training FLOPs per sample {3 * 2 * macs:.4g} (3 x forward), activations per sample {activations:.4g}")


if __name__ == "__main__":
    main()
