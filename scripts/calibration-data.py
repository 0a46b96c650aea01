#!/usr/bin/env python3
"""Converts the public measurements in ../shared/data/calibration/ into the CSV format that
`modak model fit` and `modak model report` read (docs/model.md), written to schemas/calibration-data/.

Only verbatim throughput figures are converted; the mapping of names (GPU, framework version of an NGC
container, precision) is spelled out below so every derived value can be checked.
usage: scripts/calibration-data.py [SOURCE_DIR] [OUTPUT_DIR]
"""
import csv
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
SRC = sys.argv[1] if len(sys.argv) > 1 else os.path.join(HERE, "..", "..", "shared", "data", "calibration")
OUT = sys.argv[2] if len(sys.argv) > 2 else os.path.join(HERE, "..", "schemas", "calibration-data")

COLUMNS = ["dataset", "workload", "framework", "version", "build", "graph_compiler", "precision", "device",
           "sockets", "gpus_per_node", "nodes", "interconnect", "batch_per_device", "storage", "throughput",
           "source"]

GPUS = {"V100-SXM2-16GB": "v100_sxm2", "V100-SXM2-32GB": "v100_sxm2", "V100-SXM3-32GB": "v100_sxm3",
        "A100-SXM4-40GB": "a100_sxm4_40gb", "A100-SXM4-80GB": "a100_sxm4_80gb", "P100": "p100", "K80": "k80"}
PRECISION = {"FP32": "fp32", "AMP": "mixed", "TF32": "tf32", "FP16": "fp16"}
# Framework version inside each NVIDIA NGC container (NGC release notes).
NGC_VERSION = {"tensorflow-19.07-py3": "1.14", "20.03-tf1-py3": "1.15", "20.06-tf1-py3": "1.15",
               "NGC pytorch (2019-12 README)": "1.4", "NGC pytorch 20.06": "1.6", "pytorch-21.03": "1.9",
               "mxnet-20.12-py3": "1.8", "mxnet-22.10-py3": "1.9"}
WORKLOADS = {"InceptionV3": "inception_v3", "ResNet-50": "resnet50", "ResNet-152": "resnet152",
             "Alexnet": "alexnet", "VGG16": "vgg16"}


def rows(path):
    with open(path, newline="") as f:
        lines = [line for line in f if not line.startswith("#")]
    return list(csv.DictReader(lines))


def dle():
    out = []
    for r in rows(os.path.join(SRC, "nvidia_dle_resnet50_training_throughput.csv")):
        fw = r["framework"].lower()
        batch = r["batch_per_gpu"] or ("256" if r["precision"] in ("AMP", "TF32") else "128")
        out.append({"dataset": "nvidia_dle_rn50", "workload": "resnet50", "framework": fw,
                    "version": NGC_VERSION[r["container"]], "build": "hub",
                    "graph_compiler": "xla" if r["xla"] == "yes" else "none",
                    "precision": PRECISION[r["precision"]], "device": GPUS[r["gpu"]], "sockets": "",
                    "gpus_per_node": r["n_gpus"], "nodes": "1", "interconnect": "", "batch_per_device": batch,
                    "storage": "", "throughput": r["images_per_sec"],
                    "source": f"NVIDIA/DeepLearningExamples@{r['source_commit'][:8]} {r['container']} {r['system']}"})
    return out


def tf2017():
    out = []
    for r in rows(os.path.join(SRC, "tf_benchmarks_2017_cnn_scaling.csv")):
        if r["data"] != "synthetic" or r["n_nodes"] != "1":
            continue  # real-data rows repeat the synthetic ones within noise; keep one set
        note = r["batch_note"]
        model = r["model"]
        batch = "64"
        if model == "Alexnet":
            batch = "512"
        elif "batch=32" in note:
            batch = "32"
        elif model in ("ResNet-152", "VGG16") and "ResNet-152/VGG16 32" in note:
            batch = "32"
        elif model == "ResNet-152" and "ResNet-152 32" in note:
            batch = "32"
        platform = r["platform"].split(" (")[0].split(" x N")[0]
        out.append({"dataset": "tf_benchmarks_2017", "workload": WORKLOADS[model], "framework": "tensorflow",
                    "version": "1.1", "build": "pip", "graph_compiler": "none", "precision": "fp32",
                    "device": GPUS[r["gpu"]], "sockets": "", "gpus_per_node": r["n_gpus"], "nodes": "1",
                    "interconnect": "", "batch_per_device": batch, "storage": "", "throughput": r["images_per_sec"],
                    "source": f"tensorflow@5984ffef benchmarks.md {platform}"})
    return out


def main():
    os.makedirs(OUT, exist_ok=True)
    data = dle() + tf2017()
    with open(os.path.join(OUT, "throughput.csv"), "w", newline="") as f:
        f.write("# Training throughput (samples/s) from public benchmarks, converted by scripts/calibration-data.py.\n")
        w = csv.DictWriter(f, fieldnames=COLUMNS, lineterminator="\n")
        w.writeheader()
        w.writerows(data)
    with open(os.path.join(OUT, "hpc_scaling.csv"), "w", newline="") as f:
        f.write("# MPI strong scaling (run time in seconds) of SODALITE's Code_Aster ClinicalUC, converted by "
                "scripts/calibration-data.py.\n")
        w = csv.writer(f, lineterminator="\n")
        w.writerow(["dataset", "app", "variant", "ranks", "seconds", "source"])
        for r in rows(os.path.join(SRC, "sodalite_modak_clinicaluc_mpi_scaling.csv")):
            w.writerow(["sodalite_clinicaluc", "code_aster", f"{r['testalgo']} {r['mpidist']}", r["nranks"], r["time_s"],
                        "SODALITE-EU/application-optimisation@54df6709 Performance-Model/results"])
    print(f"wrote {len(data)} throughput rows to {OUT}")


if __name__ == "__main__":
    main()
