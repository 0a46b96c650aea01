// SPDX-License-Identifier: Apache-2.0
// Golden diagnostics of the semantic checks (docs/language.md §3–§5): each case loads a .modak text
// and compares the full `modak check` rendering.
#include "ModelTest.h"
#include "modak/model/Schema.h"

#include <catch2/catch.hpp>
#include <fmt/format.h>

#include <string>
#include <vector>

using modak::test::check;

TEST_CASE("sema: the spec example is clean") {
    CHECK("\n" + check(R"(modak 1

application mnist {
  kind = ai_training
  framework = tensorflow "2.1"
  workload = mnist_cnn            // a built-in workload, or a `workload NAME { ... }` block
  dataset { path = "/scratch/mnist", samples = 60000, size = 52 MiB }
  batch_size = 128
  epochs = 12
  run = "python3 train.py"
}

target hlrs {
  scheduler = torque
  nodes = 4
  memory = 192 GiB
  gpu { model = v100_sxm2, count = 4 }
}

deployment mnist_on_hlrs {
  application = mnist
  target = hlrs
  build = auto                    // hub | pip | source | auto
  graph_compiler = auto           // none | xla | ngraph | glow | inductor | auto
  scale { nodes = 1..4, min_efficiency = 0.8 }
  job { walltime = 2h, notify = [end, fail], email = "me@example.org" }
  emit = [tosca, torque, terraform, singularity]
}
)") == R"(
)");
}

TEST_CASE("sema: unknown keys and blocks") {
    CHECK("\n" + check(R"(modak 1
application a {
  kind = hpc
  run = "./a"
  epoch = 3
}
)") == R"(
test.modak:5:3: error: unknown key 'epoch' in application 'a'; did you mean 'epochs'? [unknown-key]
  epoch = 3
  ^~~~~
)");
    CHECK("\n" + check(R"(modak 1
deployment d {
  application = a
  target = t
  job { wall_time_limit = 2h, job_name = "x" }
}
)") == R"(
test.modak:3:17: error: unknown application 'a'; no application is defined or imported [unresolved-reference]
  application = a
                ^
test.modak:4:12: error: unknown target 't'; no target is defined or imported [unresolved-reference]
  target = t
           ^
test.modak:5:9: error: unknown key 'wall_time_limit' in 'job'; did you mean 'walltime'? [unknown-key]
  job { wall_time_limit = 2h, job_name = "x" }
        ^~~~~~~~~~~~~~~
test.modak:5:31: error: unknown key 'job_name' in 'job'; did you mean 'name'? [unknown-key]
  job { wall_time_limit = 2h, job_name = "x" }
                              ^~~~~~~~
)");
    CHECK("\n" + check(R"(modak 1
deployment d {
  application = a
  target = t
  walltime = 2h
}
)") == R"(
test.modak:3:17: error: unknown application 'a'; no application is defined or imported [unresolved-reference]
  application = a
                ^
test.modak:4:12: error: unknown target 't'; no target is defined or imported [unresolved-reference]
  target = t
           ^
test.modak:5:3: error: unknown key 'walltime' in deployment 'd'; it belongs in a 'job' block [unknown-key]
  walltime = 2h
  ^~~~~~~~
)");
    CHECK("\n" + check(R"(modak 1
aplication a {}
job { nodes = 2 }
foo = 1
)") == R"(
test.modak:2:1: error: unknown block 'aplication'; did you mean 'application'? [unknown-block]
aplication a {}
^~~~~~~~~~
test.modak:3:1: error: unknown block 'job'; it belongs in a 'deployment' block [unknown-block]
job { nodes = 2 }
^~~
test.modak:4:1: error: unknown key 'foo' at the top level; only 'catalog' and blocks are allowed here [unknown-key]
foo = 1
^~~
)");
    CHECK("\n" + check(R"(modak 1
target t {
  scheduler = slurm
  gpus { count = 4 }
  xyzzy { }
}
)") == R"(
test.modak:4:3: error: unknown block 'gpus' in target 't'; did you mean 'gpu'? [unknown-block]
  gpus { count = 4 }
  ^~~~
test.modak:5:3: error: unknown block 'xyzzy' in target 't' [unknown-block]
  xyzzy { }
  ^~~~~
)");
}

TEST_CASE("sema: a duplicate key is found among many, its first setting noted") {
    // Every attribute key of the application schema once (more keys than a block's inline table
    // holds), then the last and the first again: each duplicate points at its first setting.
    const modak::model::BlockSchema* schema = modak::model::topLevelBlock("application");
    REQUIRE(schema);
    std::string text = "modak 1\napplication a {\n";
    std::vector<std::string> keys;
    for (const auto& k : schema->keys)
        if (k.isAttribute() && !k.isBlock())
            keys.push_back(k.name);
    REQUIRE(keys.size() > 20); // more than the sixteen a block keeps inline
    for (const std::string& k : keys)
        text += "  " + k + " = 1\n";
    text += "  " + keys.back() + " = 2\n  " + keys.front() + " = 3\n";
    // Free-form keys (`env`): twenty, then the second and the eighteenth again.
    text += "  env {\n";
    for (int i = 0; i < 20; ++i)
        text += "    V" + std::to_string(i) + " = \"x\"\n";
    text += "    V1 = \"y\"\n    V17 = \"y\"\n  }\n}\n";
    const std::string out = check(text);
    const int firstLine = 3, lastKeyLine = firstLine + static_cast<int>(keys.size()) - 1;
    const int envLine = lastKeyLine + 4; // `V0`
    // The duplicate at (line, column), and the note at its first setting.
    auto duplicate = [&](const std::string& key, int line, int firstSet, int column) {
        CHECK_THAT(out, Catch::Contains(fmt::format("test.modak:{}:{}: error: duplicate key '{}'",
                                                    line, column, key)));
        CHECK_THAT(out, Catch::Contains(fmt::format("test.modak:{}:{}: note: '{}' first set here",
                                                    firstSet, column, key)));
    };
    duplicate(keys.back(), lastKeyLine + 1, lastKeyLine, 3);
    duplicate(keys.front(), lastKeyLine + 2, firstLine, 3);
    duplicate("V1", envLine + 20, envLine + 1, 5);
    duplicate("V17", envLine + 21, envLine + 17, 5);
    size_t duplicates = 0;
    for (size_t at = out.find("[duplicate-key]"); at != std::string::npos;
         at = out.find("[duplicate-key]", at + 1))
        ++duplicates;
    CHECK(duplicates == 4);
}

TEST_CASE("sema: duplicate keys and names") {
    CHECK("\n" + check(R"(modak 1
application a {
  kind = hpc
  run = "./a"
  threads = 2
  threads = 4
}
)") == R"(
test.modak:6:3: error: duplicate key 'threads' in application 'a' [duplicate-key]
  threads = 4
  ^~~~~~~
test.modak:5:3: note: 'threads' first set here
  threads = 2
  ^~~~~~~
)");
    CHECK("\n" + check(R"(modak 1
target t {
  scheduler = slurm
  partition gpu { nodes = 2 }
  partition gpu { nodes = 4 }
  storage { path = "/x" }
  dataset scratch { }
}
)") == R"(
test.modak:5:13: error: duplicate partition 'gpu' in target 't' [duplicate-name]
  partition gpu { nodes = 4 }
            ^~~
test.modak:4:13: note: 'gpu' first defined here
  partition gpu { nodes = 2 }
            ^~~
test.modak:6:3: error: 'storage' block needs a name, as in `storage NAME { … }` [missing-name]
  storage { path = "/x" }
  ^~~~~~~
test.modak:7:3: error: unknown block 'dataset' in target 't'; it belongs in an 'application' block [unknown-block]
  dataset scratch { }
  ^~~~~~~
)");
    CHECK("\n" + check(R"(modak 1
target t { scheduler = slurm }
target t { scheduler = torque }
application { kind = hpc, run = "x" }
)") == R"(
test.modak:3:8: error: duplicate target 't' [duplicate-name]
target t { scheduler = torque }
       ^
test.modak:2:8: note: 't' first defined here
target t { scheduler = slurm }
       ^
test.modak:4:1: error: 'application' block needs a name, as in `application my_application { … }` [missing-name]
application { kind = hpc, run = "x" }
^~~~~~~~~~~
)");
}

TEST_CASE("sema: missing required keys") {
    CHECK("\n" + check(R"(modak 1
target t {
  nodes = 4
}
deployment d {
}
)") == R"(
test.modak:2:1: error: missing required key 'scheduler' in target 't' [missing-key]
target t {
^~~~~~~~
test.modak:5:1: error: missing required key 'application' in deployment 'd' [missing-key]
deployment d {
^~~~~~~~~~~~
test.modak:5:1: error: missing required key 'target' in deployment 'd' [missing-key]
deployment d {
^~~~~~~~~~~~
)");
    CHECK("\n" + check(R"(modak 1
application a {
  kind = hpc
  run = "./a"
  build { src = "https://example.org/a.git" }
}
workload w { kind = cnn }
)") == R"(
test.modak:5:3: error: missing required key 'command' in 'build' [missing-key]
  build { src = "https://example.org/a.git" }
  ^~~~~
test.modak:7:1: error: missing 'flops_per_sample' in workload 'w': a workload states its cost, or a transformer's shape (layers, hidden, heads, sequence) it follows from [missing-key]
workload w { kind = cnn }
^~~~~~~~~~
test.modak:7:1: error: missing 'parameters' in workload 'w': a workload states its cost, or a transformer's shape (layers, hidden, heads, sequence) it follows from [missing-key]
workload w { kind = cnn }
^~~~~~~~~~
)");
}

TEST_CASE("sema: type mismatches") {
    CHECK("\n" + check(R"(modak 1
target t {
  scheduler = "slurm"
  memory = 16
  site = hlrs
  nodes = 2.5
  modules = "cuda"
}
)") == R"(
test.modak:3:15: error: expected a name such as `slurm` for 'scheduler', found string `"slurm"`; write `slurm` without quotes [type-mismatch]
  scheduler = "slurm"
              ^~~~~~~
test.modak:4:12: error: expected a size such as `16 GiB` for 'memory', found integer `16` [type-mismatch]
  memory = 16
           ^~
test.modak:5:10: error: expected a string for 'site', found identifier `hlrs`; write `"hlrs"` [type-mismatch]
  site = hlrs
         ^~~~
test.modak:6:11: error: expected an integer for 'nodes', found number `2.5` [type-mismatch]
  nodes = 2.5
          ^~~
test.modak:7:13: error: expected a list such as `["cuda/11.8"]` for 'modules', found string `"cuda"`; write `["cuda"]` [type-mismatch]
  modules = "cuda"
            ^~~~~~
)");
    CHECK("\n" + check(R"(modak 1
deployment d {
  application = a
  target = t
  job {
    walltime = 7200
    exclusive = yes
    notify = end
    export_env = "PATH"
  }
  scale = 4
  emit { }
}
)") == R"(
test.modak:3:17: error: unknown application 'a'; no application is defined or imported [unresolved-reference]
  application = a
                ^
test.modak:4:12: error: unknown target 't'; no target is defined or imported [unresolved-reference]
  target = t
           ^
test.modak:6:16: error: expected a duration such as `2h` or `01:30:00` for 'walltime', found integer `7200` [type-mismatch]
    walltime = 7200
               ^~~~
test.modak:7:17: error: expected `true` or `false` for 'exclusive', found identifier `yes` [type-mismatch]
    exclusive = yes
                ^~~
test.modak:8:14: error: expected a list such as `[end, fail]` for 'notify', found identifier `end`; write `[end]` [type-mismatch]
    notify = end
             ^~~
test.modak:9:18: error: expected a boolean or a list such as `["PATH"]` for 'export_env', found string `"PATH"`; write `["PATH"]` [type-mismatch]
    export_env = "PATH"
                 ^~~~~~
test.modak:11:11: error: expected a block `scale { … }` for 'scale', found integer `4` [type-mismatch]
  scale = 4
          ^
test.modak:12:3: error: 'emit' takes a value, not a block; write `emit = …` [type-mismatch]
  emit { }
  ^~~~
)");
    CHECK("\n" + check(R"(modak 1
application a {
  kind = ai_training
  framework = "tensorflow 2.1"
  batch_size = 1..4
  epochs = 12.0
  arguments = """--fast
--verbose"""
  env { OMP_NUM_THREADS = 4, DEBUG = true, PI = 3.14, NAME = "x", SIZE = 1 GiB }
}
)") == R"(
test.modak:4:15: error: expected a name with an optional version such as `tensorflow "2.1"` for 'framework', found string `"tensorflow 2.1"`; write `tensorflow "2.1"` [type-mismatch]
  framework = "tensorflow 2.1"
              ^~~~~~~~~~~~~~~~
test.modak:5:16: error: expected an integer for 'batch_size', found range `1..4` [type-mismatch]
  batch_size = 1..4
               ^~~~
test.modak:6:12: error: expected an integer for 'epochs', found number `12.0` [type-mismatch]
  epochs = 12.0
           ^~~~
test.modak:7:3: warning: 'arguments' has no effect without 'executable' [questionable-setting]
  arguments = """--fast
  ^~~~~~~~~
test.modak:9:74: error: expected a string, a number or a boolean for 'SIZE', found size `1 GiB` [type-mismatch]
  env { OMP_NUM_THREADS = 4, DEBUG = true, PI = 3.14, NAME = "x", SIZE = 1 GiB }
                                                                         ^~~~~
)");
}

TEST_CASE("sema: invalid enumeration values") {
    CHECK("\n" + check(R"(modak 1
target t {
  scheduler = slrum
  cloud = ibm
  gpu { model = v100, count = 2 }
  interconnect = infiniband
  cpu { arch = x86 }
}
)") == R"(
test.modak:3:15: error: invalid value 'slrum' for 'scheduler'; did you mean 'slurm'? (allowed: slurm, torque, pbs, lsf, flux, kubernetes, none) [invalid-value]
  scheduler = slrum
              ^~~~~
test.modak:4:11: error: invalid value 'ibm' for 'cloud' (allowed: openstack, aws, gcp, azure) [invalid-value]
  cloud = ibm
          ^~~
test.modak:5:17: error: invalid value 'v100' for 'model'; did you mean 'v100_sxm2'? (allowed: gtx1080ti, k80, p100, v100_pcie, v100_sxm2, v100_sxm3, a100_pcie_40gb, a100_pcie_80gb, a100_sxm4_40gb, a100_sxm4_80gb, h100_sxm5, h100_pcie, h100_nvl, h200_sxm, gh200, b200, gb200, l40s, l4, t4, rtx_a6000, a10g, mi250x, mi300x, mi325x) [invalid-value]
  gpu { model = v100, count = 2 }
                ^~~~
test.modak:6:18: error: invalid value 'infiniband' for 'interconnect'; did you mean 'infiniband_edr'? (allowed: pcie, nvlink1, nvlink2, nvlink3, nvlink4, nvlink5, ethernet_10g, ethernet_25g, ethernet_100g, roce_400g, infiniband_edr, infiniband_hdr, infiniband_ndr, infiniband_xdr, slingshot, aws_efa_p5, aws_efa_p4d, gcp_gpudirect_tcpx, gcp_gpudirect_tcpxo) [invalid-value]
  interconnect = infiniband
                 ^~~~~~~~~~
test.modak:7:16: error: invalid value 'x86' for 'arch'; did you mean 'x86_64'? (allowed: x86_64, aarch64, ppc64le) [invalid-value]
  cpu { arch = x86 }
               ^~~
)");
    CHECK("\n" + check(R"(modak 1
application a {
  kind = ai_training
  framework = pytorh "2.1"
  precision = fp4
  parallelisation = [mpi, openmpp]
  mpi = openmpi "v4"
}
)") == R"(
test.modak:4:15: error: invalid value 'pytorh' for 'framework'; did you mean 'pytorch'? (allowed: tensorflow, pytorch, keras, mxnet, cntk, jax) [invalid-value]
  framework = pytorh "2.1"
              ^~~~~~
test.modak:5:15: error: invalid value 'fp4' for 'precision'; did you mean 'fp8'? (allowed: fp32, fp16, bf16, tf32, mixed, fp8, fp64) [invalid-value]
  precision = fp4
              ^~~
test.modak:6:27: error: invalid value 'openmpp' for 'parallelisation'; did you mean 'openmp'? (allowed: mpi, openmp, openacc, opencl, cuda) [invalid-value]
  parallelisation = [mpi, openmpp]
                          ^~~~~~~
test.modak:7:17: error: invalid version 'v4' for 'openmpi'; expected a version such as "2.1" or "latest" [invalid-value]
  mpi = openmpi "v4"
                ^~~~
)");
}

TEST_CASE("sema: values out of range and inverted ranges") {
    CHECK("\n" + check(R"(modak 1
application a {
  kind = hpc
  run = "./a"
  batch_size = 0
  epochs = 2_000_000_000
  ranks = -1
  openmp { scaling_efficiency = 1.5 }
  dataset { size = 0 B }
}
)") == R"(
test.modak:5:16: error: 'batch_size' must be between 1 and 1000000000, found `0` [value-out-of-range]
  batch_size = 0
               ^
test.modak:6:12: error: 'epochs' must be between 1 and 1000000000, found `2_000_000_000` [value-out-of-range]
  epochs = 2_000_000_000
           ^~~~~~~~~~~~~
test.modak:7:11: error: 'ranks' must be at least 1, found `-1` [value-out-of-range]
  ranks = -1
          ^~
test.modak:8:33: error: 'scaling_efficiency' must be between 0 and 1, found `1.5` [value-out-of-range]
  openmp { scaling_efficiency = 1.5 }
                                ^~~
test.modak:9:20: error: 'size' must be greater than 0 B, found `0 B` [value-out-of-range]
  dataset { size = 0 B }
                   ^~~
)");
    CHECK("\n" + check(R"(modak 1
deployment d {
  application = a
  target = t
  scale { nodes = 8..2, gpus_per_node = 65, min_efficiency = 0 }
  job { walltime = 0s, array = [1, 9..3] }
  autotune { parameter lr { range = 0.1..0.01 } }
}
)") == R"(
test.modak:3:17: error: unknown application 'a'; no application is defined or imported [unresolved-reference]
  application = a
                ^
test.modak:4:12: error: unknown target 't'; no target is defined or imported [unresolved-reference]
  target = t
           ^
test.modak:5:19: error: invalid range `8..2` for 'nodes': the lower bound 8 is above the upper bound 2 [invalid-range]
  scale { nodes = 8..2, gpus_per_node = 65, min_efficiency = 0 }
                  ^~~~
test.modak:5:41: error: 'gpus_per_node' must be between 0 and 64, found `65` [value-out-of-range]
  scale { nodes = 8..2, gpus_per_node = 65, min_efficiency = 0 }
                                        ^~
test.modak:5:62: error: 'min_efficiency' must be greater than 0 and at most 1, found `0` [value-out-of-range]
  scale { nodes = 8..2, gpus_per_node = 65, min_efficiency = 0 }
                                                             ^
test.modak:6:20: error: 'walltime' must be greater than 0s, found `0s` [value-out-of-range]
  job { walltime = 0s, array = [1, 9..3] }
                   ^~
test.modak:6:36: error: invalid range `9..3` for 'array': the lower bound 9 is above the upper bound 3 [invalid-range]
  job { walltime = 0s, array = [1, 9..3] }
                                   ^~~~
test.modak:7:37: error: invalid range `0.1..0.01` for 'range': the lower bound 0.1 is above the upper bound 0.01 [invalid-range]
  autotune { parameter lr { range = 0.1..0.01 } }
                                    ^~~~~~~~~
)");
}

TEST_CASE("sema: references") {
    CHECK("\n" + check(R"(modak 1
application mnist {
  kind = ai_training
  framework = pytorch
  workload = resnet5
}
target hlrs {
  scheduler = torque
  nodes = 4
  memory = 192 GiB
  gpu { model = v100_sxm2, count = 4 }
}
deployment d {
  application = mnst
  target = hrls
}
deployment e {
  application = mnist
  target = nowhere_near
}
)") == R"(
test.modak:5:14: error: unknown workload 'resnet5'; did you mean 'resnet50'? [unresolved-reference]
  workload = resnet5
             ^~~~~~~
test.modak:14:17: error: unknown application 'mnst'; did you mean 'mnist'? [unresolved-reference]
  application = mnst
                ^~~~
test.modak:15:12: error: unknown target 'hrls'; did you mean 'hlrs'? [unresolved-reference]
  target = hrls
           ^~~~
test.modak:19:12: error: unknown target 'nowhere_near' [unresolved-reference]
  target = nowhere_near
           ^~~~~~~~~~~~
)");
    CHECK("\n" + check(R"(modak 1
deployment d {
  application = a
  target = t
}
)") == R"(
test.modak:3:17: error: unknown application 'a'; no application is defined or imported [unresolved-reference]
  application = a
                ^
test.modak:4:12: error: unknown target 't'; no target is defined or imported [unresolved-reference]
  target = t
           ^
)");
    CHECK("\n" + check(R"(modak 1
workload big { flops_per_sample = 1.2e12, parameters = 1_000_000_000 }
application a {
  kind = ai_training
  framework = jax
  workload = big
}
application b {
  kind = ai_training
  framework = jax
  workload = bigg
}
)") == R"(
test.modak:11:14: error: unknown workload 'bigg'; did you mean 'big'? [unresolved-reference]
  workload = bigg
             ^~~~
)");
}

TEST_CASE("sema: graph compilers need matching frameworks") {
    CHECK("\n" + check(R"(modak 1
application torch1 { kind = ai_training, framework = pytorch "1.13" }
application torch2 { kind = ai_training, framework = pytorch "2.1" }
application tf1 { kind = ai_training, framework = tensorflow "1.10" }
application tf115 { kind = ai_training, framework = tensorflow "1.15" }
application tf2 { kind = ai_training, framework = tensorflow "2.4" }
application mx { kind = ai_training, framework = mxnet }
application solver { kind = hpc, run = "./solve" }
target t { scheduler = slurm }
deployment a { application = torch1, target = t, graph_compiler = xla }
deployment b { application = torch1, target = t, graph_compiler = inductor }
deployment c { application = torch2, target = t, graph_compiler = inductor }
deployment d { application = tf2, target = t, graph_compiler = ngraph }
deployment e { application = tf1, target = t, graph_compiler = ngraph }
deployment f { application = tf115, target = t, graph_compiler = ngraph }
deployment g { application = mx, target = t, graph_compiler = ngraph }
deployment h { application = tf2, target = t, graph_compiler = glow }
deployment i { application = tf2, target = t, graph_compiler = xla }
deployment j { application = solver, target = t, graph_compiler = xla }
)") == R"(
test.modak:10:67: error: graph compiler 'xla' needs TensorFlow, Keras or JAX, but application 'torch1' uses PyTorch [incompatible-combination]
deployment a { application = torch1, target = t, graph_compiler = xla }
                                                                  ^~~
test.modak:2:54: note: 'torch1' uses PyTorch here
application torch1 { kind = ai_training, framework = pytorch "1.13" }
                                                     ^~~~~~~
test.modak:11:67: error: graph compiler 'inductor' needs PyTorch 2.0 or later, but application 'torch1' uses PyTorch 1.13 [incompatible-combination]
deployment b { application = torch1, target = t, graph_compiler = inductor }
                                                                  ^~~~~~~~
test.modak:2:62: note: 'torch1' uses PyTorch 1.13 here
application torch1 { kind = ai_training, framework = pytorch "1.13" }
                                                             ^~~~~~
test.modak:13:64: error: graph compiler 'ngraph' needs TensorFlow 1.x (nGraph-TF supports 1.12–1.15), but application 'tf2' uses TensorFlow 2.4 [incompatible-combination]
deployment d { application = tf2, target = t, graph_compiler = ngraph }
                                                               ^~~~~~
test.modak:6:62: note: 'tf2' uses TensorFlow 2.4 here
application tf2 { kind = ai_training, framework = tensorflow "2.4" }
                                                             ^~~~~
test.modak:14:64: warning: nGraph-TF supports TensorFlow 1.12–1.15, but application 'tf1' uses TensorFlow 1.10 [questionable-setting]
deployment e { application = tf1, target = t, graph_compiler = ngraph }
                                                               ^~~~~~
test.modak:4:62: note: 'tf1' uses TensorFlow 1.10 here
application tf1 { kind = ai_training, framework = tensorflow "1.10" }
                                                             ^~~~~~
test.modak:17:64: error: graph compiler 'glow' needs PyTorch, but application 'tf2' uses TensorFlow [incompatible-combination]
deployment h { application = tf2, target = t, graph_compiler = glow }
                                                               ^~~~
test.modak:6:51: note: 'tf2' uses TensorFlow here
application tf2 { kind = ai_training, framework = tensorflow "2.4" }
                                                  ^~~~~~~~~~
test.modak:19:67: error: graph compiler 'xla' needs an AI framework, but application 'solver' sets no 'framework' [incompatible-combination]
deployment j { application = solver, target = t, graph_compiler = xla }
                                                                  ^~~
)");
}

TEST_CASE("sema: application facts") {
    CHECK("\n" + check(R"(modak 1
application a {
  kind = ai_training
}
application b {
  kind = hpc
}
application c { kind = hpc, parallelisation = [mpi] }
)") == R"(
test.modak:2:1: error: missing 'framework' in application 'a', required for kind 'ai_training' [missing-key]
application a {
^~~~~~~~~~~~~
test.modak:3:10: note: kind set here
  kind = ai_training
         ^~~~~~~~~~~
test.modak:5:1: error: missing 'parallelisation' in application 'b'; kind 'hpc' needs 'parallelisation', 'ranks', 'executable', 'run' or 'container' [missing-key]
application b {
^~~~~~~~~~~~~
test.modak:6:10: note: kind set here
  kind = hpc
         ^~~
)");
    CHECK("\n" + check(R"(modak 1
application tf {
  kind = ai_training
  framework = tensorflow "2.4"
  distributed = ddp
  keras_backend = jax
}
application torch {
  kind = ai_training
  framework = pytorch "2.1"
  distributed = mirrored
}
application k {
  kind = ai_training
  framework = keras
  keras_backend = tensorflow
  distributed = mirrored
}
application kj {
  kind = ai_training
  framework = keras
  keras_backend = jax
  distributed = mirrored
}
application j {
  kind = ai_training
  framework = jax
  distributed = horovod
}
)") == R"(
test.modak:5:17: error: 'ddp' needs PyTorch, but application 'tf' uses TensorFlow [incompatible-combination]
  distributed = ddp
                ^~~
test.modak:4:15: note: framework set here
  framework = tensorflow "2.4"
              ^~~~~~~~~~
test.modak:6:3: warning: 'keras_backend' has no effect: application 'tf' uses TensorFlow, not Keras [questionable-setting]
  keras_backend = jax
  ^~~~~~~~~~~~~
test.modak:4:15: note: framework set here
  framework = tensorflow "2.4"
              ^~~~~~~~~~
test.modak:11:17: error: 'mirrored' needs TensorFlow or Keras on TensorFlow, but application 'torch' uses PyTorch [incompatible-combination]
  distributed = mirrored
                ^~~~~~~~
test.modak:10:15: note: framework set here
  framework = pytorch "2.1"
              ^~~~~~~
test.modak:23:17: error: 'mirrored' needs TensorFlow or Keras on TensorFlow, but application 'kj' uses Keras on JAX [incompatible-combination]
  distributed = mirrored
                ^~~~~~~~
test.modak:21:15: note: framework set here
  framework = keras
              ^~~~~
test.modak:28:17: error: 'horovod' needs TensorFlow, PyTorch, MXNet or Keras on TensorFlow, PyTorch or MXNet, but application 'j' uses JAX [incompatible-combination]
  distributed = horovod
                ^~~~~~~
test.modak:27:15: note: framework set here
  framework = jax
              ^~~
)");
    CHECK("\n" + check(R"(modak 1
application a {
  kind = hpc
  executable = "./a"
  run = "./a --fast"
  arguments = "--x"
  parallelisation = [mpi]
  openmp { threads = 4 }
  mpi = openmpi "4.1"
  dataset { samples = 100 }
  batch_size = 256
}
)") == R"(
test.modak:5:3: error: 'run' and 'executable' both give the command line; keep one [incompatible-combination]
  run = "./a --fast"
  ^~~
test.modak:4:3: note: 'executable' set here
  executable = "./a"
  ^~~~~~~~~~
test.modak:8:3: warning: 'openmp' is set but 'parallelisation' does not list openmp [questionable-setting]
  openmp { threads = 4 }
  ^~~~~~
test.modak:7:21: note: parallelisation set here
  parallelisation = [mpi]
                    ^~~~~
test.modak:11:16: warning: 'batch_size' 256 is larger than the data set (100 samples) [questionable-setting]
  batch_size = 256
               ^~~
test.modak:10:23: note: samples set here
  dataset { samples = 100 }
                      ^~~
)");
}

TEST_CASE("sema: deployment facts against the target") {
    CHECK("\n" + check(R"(modak 1
application a { kind = ai_training, framework = pytorch "2.1", precision = tf32 }
target t {
  scheduler = slurm
  nodes = 4
  memory = 192 GiB
  gpu { model = v100_sxm2, count = 4 }
  partition big { nodes = 16, gpu { model = a100_sxm4_80gb, count = 8 } }
}
deployment d {
  application = a
  target = t
  scale { nodes = 2..8, gpus_per_node = 8 }
  job { nodes = 5, gpus = 6, memory = 256 GiB }
}
deployment e {
  application = a
  target = t
  partition = "big"
  scale { nodes = 2..8, gpus_per_node = 8 }
}
deployment f {
  application = a
  target = t
  partition = "bigg"
  storage = "scratch"
}
)") == R"(
test.modak:12:12: warning: precision 'tf32' of application 'a' needs an NVIDIA Ampere or newer GPU, but target 't' has 'v100_sxm2' [questionable-setting]
  target = t
           ^
test.modak:2:76: note: precision set here
application a { kind = ai_training, framework = pytorch "2.1", precision = tf32 }
                                                                           ^~~~
test.modak:7:17: note: GPU model set here
  gpu { model = v100_sxm2, count = 4 }
                ^~~~~~~~~
test.modak:13:22: error: 'nodes' asks for 8 nodes, but target 't' has 4 [value-out-of-range]
  scale { nodes = 2..8, gpus_per_node = 8 }
                     ^
test.modak:5:11: note: available nodes set here
  nodes = 4
          ^
test.modak:13:41: error: 'gpus_per_node' asks for 8 GPUs per node, but target 't' has 4 [value-out-of-range]
  scale { nodes = 2..8, gpus_per_node = 8 }
                                        ^
test.modak:7:36: note: GPUs per node set here
  gpu { model = v100_sxm2, count = 4 }
                                   ^
test.modak:14:17: error: 'nodes' asks for 5 nodes, but target 't' has 4 [value-out-of-range]
  job { nodes = 5, gpus = 6, memory = 256 GiB }
                ^
test.modak:5:11: note: available nodes set here
  nodes = 4
          ^
test.modak:14:27: error: 'gpus' asks for 6 GPUs per node, but target 't' has 4 [value-out-of-range]
  job { nodes = 5, gpus = 6, memory = 256 GiB }
                          ^
test.modak:7:36: note: GPUs per node set here
  gpu { model = v100_sxm2, count = 4 }
                                   ^
test.modak:14:39: error: 'memory' asks for 256 GiB per node, but target 't' has 192 GiB [value-out-of-range]
  job { nodes = 5, gpus = 6, memory = 256 GiB }
                                      ^~~~~~~
test.modak:6:12: note: memory per node set here
  memory = 192 GiB
           ^~~~~~~
test.modak:24:12: warning: precision 'tf32' of application 'a' needs an NVIDIA Ampere or newer GPU, but target 't' has 'v100_sxm2' [questionable-setting]
  target = t
           ^
test.modak:2:76: note: precision set here
application a { kind = ai_training, framework = pytorch "2.1", precision = tf32 }
                                                                           ^~~~
test.modak:7:17: note: GPU model set here
  gpu { model = v100_sxm2, count = 4 }
                ^~~~~~~~~
test.modak:25:15: error: target 't' has no partition 'bigg'; did you mean 'big'? [unresolved-reference]
  partition = "bigg"
              ^~~~~~
test.modak:26:13: error: 'scratch' is neither a storage of target 't' nor a storage class [unresolved-reference]
  storage = "scratch"
            ^~~~~~~~~
)");
    CHECK("\n" + check(R"(modak 1
application a { kind = hpc, run = "./a" }
target cpu_only { scheduler = torque, accelerator = none, nodes = 8 }
deployment d {
  application = a
  target = cpu_only
  scale { nodes = 9, gpus_per_node = 1 }
  emit = [slurm, pbs, k8s]
}
)") == R"(
test.modak:7:19: error: 'nodes' asks for 9 nodes, but target 'cpu_only' has 8 [value-out-of-range]
  scale { nodes = 9, gpus_per_node = 1 }
                  ^
test.modak:3:67: note: available nodes set here
target cpu_only { scheduler = torque, accelerator = none, nodes = 8 }
                                                                  ^
test.modak:7:38: error: 'gpus_per_node' asks for 1 GPU per node, but target 'cpu_only' has no GPUs [value-out-of-range]
  scale { nodes = 9, gpus_per_node = 1 }
                                     ^
test.modak:3:53: note: accelerator set here
target cpu_only { scheduler = torque, accelerator = none, nodes = 8 }
                                                    ^~~~
test.modak:8:11: warning: emitting a Slurm job script, but target 'cpu_only' uses Torque [questionable-setting]
  emit = [slurm, pbs, k8s]
          ^~~~~
test.modak:3:31: note: scheduler set here
target cpu_only { scheduler = torque, accelerator = none, nodes = 8 }
                              ^~~~~~
test.modak:8:23: warning: emitting a Kubernetes manifest, but target 'cpu_only' uses Torque [questionable-setting]
  emit = [slurm, pbs, k8s]
                      ^~~
test.modak:3:31: note: scheduler set here
target cpu_only { scheduler = torque, accelerator = none, nodes = 8 }
                              ^~~~~~
)");
    // LSF and Flux are batch systems of the schedulers' table like the others.
    CHECK("\n" + check(R"(modak 1
application a { kind = hpc, run = "./a" }
target big { scheduler = lsf, runtime = none }
deployment d { application = a, target = big, emit = [lsf, flux] }
)") == R"(
test.modak:4:60: warning: emitting a Flux job script, but target 'big' uses LSF [questionable-setting]
deployment d { application = a, target = big, emit = [lsf, flux] }
                                                           ^~~~
test.modak:3:26: note: scheduler set here
target big { scheduler = lsf, runtime = none }
                         ^~~
)");
}

TEST_CASE("sema: target facts") {
    CHECK("\n" + check(R"(modak 1
target k8s {
  scheduler = kubernetes
  runtime = singularity
  namespace = "ml"
}
target hpc {
  scheduler = slurm
  runtime = apptainer
  namespace = "ml"
  flavor = "m1.large"
  accelerator = amd
  gpu { model = a100_sxm4_40gb, count = 4 }
  partition a { default = true }
  partition b { default = true }
}
target cpu {
  scheduler = slurm
  accelerator = none
  gpu { count = 2 }
}
target cloud {
  scheduler = none
  cloud = openstack
  flavor = "m1.large"
  image = "ubuntu-22.04"
}
)") == R"(
test.modak:4:13: warning: Kubernetes cannot run 'singularity' containers; it runs OCI images [questionable-setting]
  runtime = singularity
            ^~~~~~~~~~~
test.modak:3:15: note: target 'k8s' uses Kubernetes here
  scheduler = kubernetes
              ^~~~~~~~~~
test.modak:10:3: warning: 'namespace' has no effect with scheduler 'slurm' [questionable-setting]
  namespace = "ml"
  ^~~~~~~~~
test.modak:11:3: warning: 'flavor' has no effect without 'cloud' [questionable-setting]
  flavor = "m1.large"
  ^~~~~~
test.modak:12:17: error: accelerator 'amd' contradicts GPU model 'a100_sxm4_40gb' [incompatible-combination]
  accelerator = amd
                ^~~
test.modak:13:17: note: GPU model set here
  gpu { model = a100_sxm4_40gb, count = 4 }
                ^~~~~~~~~~~~~~
test.modak:15:27: error: target 'hpc' has more than one default partition [incompatible-combination]
  partition b { default = true }
                          ^~~~
test.modak:14:27: note: first default partition here
  partition a { default = true }
                          ^~~~
test.modak:19:17: error: accelerator 'none' contradicts the 'gpu' block of target 'cpu' [incompatible-combination]
  accelerator = none
                ^~~~
test.modak:20:3: note: GPU block here
  gpu { count = 2 }
  ^~~
)");
}

TEST_CASE("sema: job facts") {
    CHECK("\n" + check(R"(modak 1
deployment d {
  application = a
  target = t
  runtime = singularity
  job {
    email = "me.example.org"
    memory = 64 GiB
    memory_per_cpu = 2 GiB
    combine_output = true
    error = "job.err"
    notify = [none, end, end]
  }
  scale { nodes = 1..16, max_nodes = 8 }
  autotune {
    tuner = grid
    parameter bs { }
    parameter lr { values = [0.1, 0.01], range = 0.001..0.1 }
  }
}
)") == R"(
test.modak:3:17: error: unknown application 'a'; no application is defined or imported [unresolved-reference]
  application = a
                ^
test.modak:4:12: error: unknown target 't'; no target is defined or imported [unresolved-reference]
  target = t
           ^
test.modak:7:13: error: invalid email address 'me.example.org': it has no '@' [invalid-value]
    email = "me.example.org"
            ^~~~~~~~~~~~~~~~
test.modak:9:5: error: 'memory' and 'memory_per_cpu' cannot both be set (Slurm's --mem and --mem-per-cpu are mutually exclusive) [incompatible-combination]
    memory_per_cpu = 2 GiB
    ^~~~~~~~~~~~~~
test.modak:8:5: note: 'memory' set here
    memory = 64 GiB
    ^~~~~~
test.modak:11:5: warning: 'error' is ignored because 'combine_output' is true [questionable-setting]
    error = "job.err"
    ^~~~~
test.modak:10:22: note: combine_output set here
    combine_output = true
                     ^~~~
test.modak:12:15: warning: 'none' together with other events in 'notify' [questionable-setting]
    notify = [none, end, end]
              ^~~~
test.modak:12:26: warning: 'end' is listed twice in 'notify' [questionable-setting]
    notify = [none, end, end]
                         ^~~
test.modak:12:21: note: first listed here
    notify = [none, end, end]
                    ^~~
test.modak:14:22: error: 'nodes' allows 16 nodes, more than 'max_nodes' = 8 [incompatible-combination]
  scale { nodes = 1..16, max_nodes = 8 }
                     ^~
test.modak:14:38: note: max_nodes set here
  scale { nodes = 1..16, max_nodes = 8 }
                                     ^
test.modak:17:5: error: parameter 'bs' needs 'values' or 'range' [missing-key]
    parameter bs { }
    ^~~~~~~~~~~~
test.modak:18:42: error: parameter 'lr' has both 'values' and 'range'; keep one [incompatible-combination]
    parameter lr { values = [0.1, 0.01], range = 0.001..0.1 }
                                         ^~~~~
test.modak:18:20: note: 'values' set here
    parameter lr { values = [0.1, 0.01], range = 0.001..0.1 }
                   ^~~~~~
)");
}

TEST_CASE("sema: syntax errors do not cascade") {
    CHECK("\n" + check(R"(modak 1
application a {
  kind = ai_training
  framework =
  epochs = = 3
  batch_size 128
}
)") == R"(
test.modak:4:13: error: expected a value after '=' for key 'framework', found end of line [expected-token]
  framework =
            ^
test.modak:5:12: error: expected a value for 'epochs', found '=' [expected-token]
  epochs = = 3
           ^
test.modak:6:14: error: expected '=' after key 'batch_size', found '128' [expected-token]
  batch_size 128
             ^~~
)");
}

TEST_CASE("sema: a workload named like a built-in") {
    CHECK("\n" + check(R"(modak 1
workload resnet50 { flops_per_sample = 2.5e10, parameters = 25_000_000 }
)") == R"(
test.modak:2:10: warning: workload 'resnet50' shadows the built-in workload of the same name [questionable-setting]
workload resnet50 { flops_per_sample = 2.5e10, parameters = 25_000_000 }
         ^~~~~~~~
)");
}

TEST_CASE("sema: a reference to a block of another kind") {
    CHECK("\n" + check(R"(modak 1
application mnist { kind = hpc, run = "x" }
deployment d { application = mnist, target = mnist }
)") == R"(
test.modak:3:46: error: unknown target 'mnist'; 'mnist' is an application, not a target [unresolved-reference]
deployment d { application = mnist, target = mnist }
                                             ^~~~~
)");
}

TEST_CASE("sema: image blocks") {
    CHECK("\n" + check(R"(modak 1
image tf {
  reference = "docker://modakopt/modak:tensorflow-2.1-gpu-src"
  image_type = shub
  framework = tensorflow "2.1"
  accelerator = amd
  cuda = "10.x"
  build = auto
  env { TF_XLA_FLAGS = "--tf_xla_auto_jit=2", OMP_NUM_THREADS = 4 }
}
image tf { reference = " " }
image bare {}
deployment d { application = a, target = t, image = tff }
)") == R"(
test.modak:4:16: error: 'image_type' is 'shub', but the reference of image 'tf' is a 'docker://' reference [incompatible-combination]
  image_type = shub
               ^~~~
test.modak:3:15: note: reference set here
  reference = "docker://modakopt/modak:tensorflow-2.1-gpu-src"
              ^~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~
test.modak:7:3: warning: 'cuda' is set, but image 'tf' is for accelerator 'amd'; CUDA needs NVIDIA GPUs [questionable-setting]
  cuda = "10.x"
  ^~~~
test.modak:7:10: error: invalid CUDA version '10.x'; expected a version such as "11.8" [invalid-value]
  cuda = "10.x"
         ^~~~~~
test.modak:8:11: error: invalid value 'auto' for 'build' (allowed: hub, pip, source) [invalid-value]
  build = auto
          ^~~~
test.modak:11:7: error: duplicate image 'tf' [duplicate-name]
image tf { reference = " " }
      ^~
test.modak:2:7: note: 'tf' first defined here
image tf {
      ^~
test.modak:11:24: error: image 'tf' has an empty 'reference'; write a registry reference such as "docker://registry/repository:tag" [invalid-value]
image tf { reference = " " }
                       ^~~
test.modak:12:1: error: missing required key 'reference' in image 'bare' [missing-key]
image bare {}
^~~~~~~~~~
test.modak:13:30: error: unknown application 'a'; no application is defined or imported [unresolved-reference]
deployment d { application = a, target = t, image = tff }
                             ^
test.modak:13:42: error: unknown target 't'; no target is defined or imported [unresolved-reference]
deployment d { application = a, target = t, image = tff }
                                         ^
test.modak:13:53: error: unknown image 'tff'; did you mean 'tf'? [unresolved-reference]
deployment d { application = a, target = t, image = tff }
                                                    ^~~
)");
}

TEST_CASE("sema: a pinned image against the application, the target and the deployment") {
    CHECK("\n" + check(R"(modak 1
image torch113 {
  reference = "docker://pytorch/pytorch:1.13.1-cuda11.6-cudnn8-runtime"
  framework = pytorch "1.13"
  mpi = openmpi "4.1"
  arch = x86_64
  accelerator = nvidia
  cuda = "11.6"
  build = hub
  graph_compilers = [glow]
}
application train {
  kind = ai_training
  framework = pytorch "2.1"
  mpi = mpich "4.1"
  run = "python3 train.py"
}
application tf {
  kind = ai_training
  framework = tensorflow "2.1"
  run = "python3 train.py"
  container = "docker://tensorflow/tensorflow:2.1.0-gpu"
}
target arm {
  scheduler = slurm
  cpu { arch = aarch64 }
  accelerator = none
}
deployment d1 {
  application = train
  target = arm
  image = torch113
  build = source
  graph_compiler = inductor
}
deployment d2 { application = tf, target = x86, image = torch113 }
application tfx { kind = ai_training, framework = tensorflow "2.1", run = "python3 train.py" }
target x86 {
  scheduler = none
  cpu { arch = x86_64 }
  gpu { model = a100_sxm4_40gb, count = 4 }
}
deployment d3 { application = tfx, target = x86, image = torch113 }
)") == R"(
test.modak:32:11: warning: image 'torch113' has PyTorch 1.13, but application 'train' asks for PyTorch 2.1 [questionable-setting]
  image = torch113
          ^~~~~~~~
test.modak:4:23: note: image version set here
  framework = pytorch "1.13"
                      ^~~~~~
test.modak:14:23: note: application version set here
  framework = pytorch "2.1"
                      ^~~~~
test.modak:32:11: warning: image 'torch113' has MPI library 'openmpi', but application 'train' uses 'mpich' [questionable-setting]
  image = torch113
          ^~~~~~~~
test.modak:5:9: note: image MPI set here
  mpi = openmpi "4.1"
        ^~~~~~~
test.modak:15:9: note: application MPI set here
  mpi = mpich "4.1"
        ^~~~~
test.modak:32:11: error: image 'torch113' is built for x86_64, but target 'arm' has aarch64 CPUs [incompatible-combination]
  image = torch113
          ^~~~~~~~
test.modak:6:10: note: image architecture set here
  arch = x86_64
         ^~~~~~
test.modak:26:16: note: CPU architecture set here
  cpu { arch = aarch64 }
               ^~~~~~~
test.modak:32:11: warning: image 'torch113' is built for nvidia accelerators, but target 'arm' has none [questionable-setting]
  image = torch113
          ^~~~~~~~
test.modak:7:17: note: image accelerator set here
  accelerator = nvidia
                ^~~~~~
test.modak:27:17: note: accelerator set here
  accelerator = none
                ^~~~
test.modak:33:11: warning: 'build' asks for a source image, but the pinned image 'torch113' is a hub build [questionable-setting]
  build = source
          ^~~~~~
test.modak:9:11: note: image build set here
  build = hub
          ^~~
test.modak:34:20: warning: graph compiler 'inductor' is not among those of the pinned image 'torch113' [questionable-setting]
  graph_compiler = inductor
                   ^~~~~~~~
test.modak:10:21: note: image graph compilers set here
  graph_compilers = [glow]
                    ^~~~~~
test.modak:36:57: error: deployment pins image 'torch113', but application 'tf' gives its own 'container'; keep one [incompatible-combination]
deployment d2 { application = tf, target = x86, image = torch113 }
                                                        ^~~~~~~~
test.modak:22:3: note: container set here
  container = "docker://tensorflow/tensorflow:2.1.0-gpu"
  ^~~~~~~~~
test.modak:43:58: error: image 'torch113' has PyTorch, but application 'tfx' uses TensorFlow [incompatible-combination]
deployment d3 { application = tfx, target = x86, image = torch113 }
                                                         ^~~~~~~~
test.modak:4:15: note: image framework set here
  framework = pytorch "1.13"
              ^~~~~~~
test.modak:37:51: note: application framework set here
application tfx { kind = ai_training, framework = tensorflow "2.1", run = "python3 train.py" }
                                                  ^~~~~~~~~~
)");
}

TEST_CASE("sema: export_env lists with `all`") {
    CHECK("\n" + check(R"(modak 1
deployment d {
  application = a
  target = t
  job { export_env = [all, "PATH", HOME, "All"] }
}
)") == R"(
test.modak:3:17: error: unknown application 'a'; no application is defined or imported [unresolved-reference]
  application = a
                ^
test.modak:4:12: error: unknown target 't'; no target is defined or imported [unresolved-reference]
  target = t
           ^
test.modak:5:36: error: expected a string or `all` in 'export_env', found identifier `HOME`; write `"HOME"` [type-mismatch]
  job { export_env = [all, "PATH", HOME, "All"] }
                                   ^~~~
test.modak:5:42: warning: string `"All"` in 'export_env' names a variable; write `all` without quotes for the whole submission environment (Slurm ALL, PBS -V) [questionable-setting]
  job { export_env = [all, "PATH", HOME, "All"] }
                                         ^~~~~
)");
}

TEST_CASE("sema: every example of docs/language.md checks clean") {
    std::string doc = modak::test::readFile(std::string(MODAK_SOURCE_DIR) + "/docs/language.md");
    // The first example imports a target file.
    modak::test::Files files = {
        {"targets/hlrs.modak", "modak 1\ntarget hlrs { scheduler = torque }\n"}};
    size_t examples = 0;
    for (size_t at = doc.find("```modak\n"); at != std::string::npos;
         at = doc.find("```modak\n", at)) {
        at += 9;
        size_t end = doc.find("```", at);
        REQUIRE(end != std::string::npos);
        std::string text = doc.substr(at, end - at);
        if (text.rfind("modak 1", 0) != 0)
            text = "modak 1\n" + text;
        INFO(text);
        CHECK(check(text, files) == "");
        ++examples;
    }
    CHECK(examples >= 2);
}

TEST_CASE("sema: a matching pinned image is clean") {
    CHECK(check(R"(modak 1
image tf21 {
  reference = "docker://modakopt/modak:tensorflow-2.1-gpu-src"
  framework = tensorflow "2.1"
  arch = x86_64
  accelerator = nvidia
  cuda = "10.1"
  build = source
  graph_compilers = [xla]
  env { TF_XLA_FLAGS = "--tf_xla_auto_jit=2" }
}
application mnist { kind = ai_training, framework = tensorflow "2.1.0", run = "python3 train.py" }
target hlrs {
  scheduler = torque
  cpu { arch = x86_64 }
  gpu { model = v100_sxm2, count = 4 }
}
deployment d {
  application = mnist
  target = hlrs
  image = tf21
  build = source
  graph_compiler = xla
  job { export_env = [all, "PATH"] }
}
)") == "");
}

TEST_CASE("sema: fp8 needs FP8 tensor cores on the deployment's GPU") {
    // The A100 has no fp8 peak in its catalogue entry, the H100 has one: only the A100 deployment
    // is refused, and the same application plans on the H100.
    const std::string text = R"(modak 1
application llm { kind = ai_training, framework = pytorch "2.4", workload = llama3_8b, precision = fp8 }
target ampere { scheduler = slurm, nodes = 2, gpu { model = a100_sxm4_80gb, count = 8 } }
target hopper { scheduler = slurm, nodes = 2, gpu { model = h100_sxm5, count = 8 } }
deployment old { application = llm, target = ampere }
deployment new { application = llm, target = hopper }
)";
    CHECK("\n" + check(text) == R"(
test.modak:5:46: error: precision 'fp8' of application 'llm' needs FP8 tensor cores, which 'a100_sxm4_80gb' of target 'ampere' lacks (its catalogue entry has no fp8 peak); use `bf16` or `mixed` there [incompatible-combination]
deployment old { application = llm, target = ampere }
                                             ^~~~~~
test.modak:2:100: note: precision set here
application llm { kind = ai_training, framework = pytorch "2.4", workload = llama3_8b, precision = fp8 }
                                                                                                   ^~~
test.modak:3:61: note: GPU model set here
target ampere { scheduler = slurm, nodes = 2, gpu { model = a100_sxm4_80gb, count = 8 } }
                                                            ^~~~~~~~~~~~~~
)");
}
