// SPDX-License-Identifier: Apache-2.0
// Validates generated Kubernetes manifests (run with NODE_PATH=tests/tools/node_modules).
// usage: node check-k8s.cjs CRD_DIR[:CRD_DIR...] FILE.yaml...
// - batch/v1 Job: kubernetes-models' validation, and strictly: unknown fields of the Job, its
//   metadata and spec are refused (fields from kubernetes-models' type definitions), and the pod
//   template is checked against the PodTemplateSpec schema the Kubeflow CRDs embed, with
//   additionalProperties: false on every object that lists its properties.
// - kubeflow.org/v1 PyTorchJob and MPIJob, trainer.kubeflow.org/v1alpha1 TrainJob: ajv against the
//   CRDs' openAPIV3Schema, strict likewise.
// - v1 ConfigMap and Service (benchmark sweeps): kubernetes-models' validation, unknown fields refused.
// - modak's conventions: managed-by label, image without a scheme, PyTorchJob containers named
//   `pytorch` with nprocPerNode, MPIJob with a Launcher, GPU limits whole numbers; a TrainJob's
//   runtimeRef names a ClusterTrainingRuntime the CRD directories hold (the release's manifests)
//   and its patches name that runtime's replicated job and trainer container.
"use strict";
const fs = require("node:fs");
const path = require("node:path");
const yaml = require("js-yaml");
const Ajv = require("ajv");
const { Job } = require("kubernetes-models/batch/v1");
const { ConfigMap, Service } = require("kubernetes-models/v1");

/// additionalProperties: false wherever an object schema lists its properties (what the API
/// server's strict field validation does), except where the schema keeps unknown fields.
function strictify(s) {
  if (s && typeof s === "object") {
    if (s.type === "object" && s.properties && s.additionalProperties === undefined && !s["x-kubernetes-preserve-unknown-fields"])
      s.additionalProperties = false;
    for (const v of Object.values(s)) strictify(v);
  }
  return s;
}

/// The fields of a kubernetes-models interface, read from its type definitions next to `module`.
function fieldsOf(module, dts) {
  const file = path.join(path.dirname(require.resolve(module)), dts);
  const text = fs.readFileSync(file, "utf8");
  return new Set([...text.matchAll(/^ {4}"([A-Za-z0-9_]+)"\??:/gm)].map((m) => m[1]));
}

const [crdDir, ...files] = process.argv.slice(2);
if (!crdDir || files.length === 0) {
  console.log("usage: check-k8s.cjs CRD_DIR FILE.yaml...");
  process.exit(2);
}
const ajv = new Ajv({ strict: false, allErrors: true, logger: false });
const crdValidators = {};
let podTemplate = null;
const runtimes = {}; // ClusterTrainingRuntime name → its spec
for (const dir of crdDir.split(":")) {
  for (const f of fs.readdirSync(dir).filter((f) => f.endsWith(".yaml")).sort()) {
    for (const doc of yaml.loadAll(fs.readFileSync(path.join(dir, f), "utf8"))) {
      if (doc?.kind === "ClusterTrainingRuntime") runtimes[doc.metadata.name] = doc.spec;
      if (doc?.kind !== "CustomResourceDefinition") continue;
      for (const v of doc.spec.versions) {
        const schema = strictify(v.schema.openAPIV3Schema);
        crdValidators[`${doc.spec.group}/${v.name}/${doc.spec.names.kind}`] = ajv.compile(schema);
        const specs = schema.properties.spec.properties.pytorchReplicaSpecs;
        if (specs && !podTemplate) podTemplate = ajv.compile(specs.additionalProperties.properties.template);
      }
    }
  }
}
if (!podTemplate || Object.keys(crdValidators).length < 2) {
  console.log(`FAIL: the PyTorchJob and MPIJob CRDs are not in ${crdDir}`);
  process.exit(1);
}
const jobFields = fieldsOf("kubernetes-models/batch/v1", "Job.d.ts");
const jobSpecFields = fieldsOf("kubernetes-models/batch/v1", "JobSpec.d.ts");
const metaFields = fieldsOf("@kubernetes-models/apimachinery/apis/meta/v1", "ObjectMeta.d.ts");
if (!jobSpecFields.has("backoffLimit") || !metaFields.has("labels")) {
  console.log("FAIL: cannot read the Job fields from kubernetes-models");
  process.exit(1);
}

function unknownKeys(obj, allowed, where) {
  return Object.keys(obj ?? {}).filter((k) => !allowed.has(k)).map((k) => `${where}.${k}: unknown field`);
}

/// Every pod template of a manifest, with where it is.
function templates(doc) {
  if (doc.kind === "Job") return [["spec.template", doc.spec?.template]];
  if (doc.kind === "TrainJob") {
    // The trainer's container as the runtime's pods will have it (patches: trainJobConventions).
    const t = doc.spec?.trainer ?? {};
    return [["spec.trainer", { spec: { containers: [{ ...t, resources: t.resourcesPerNode }] } }]];
  }
  const specs = doc.spec?.pytorchReplicaSpecs ?? doc.spec?.mpiReplicaSpecs ?? {};
  return Object.entries(specs).map(([role, r]) => [`${role}.template`, r.template]);
}

function conventions(doc) {
  const problems = [];
  const labels = doc.metadata?.labels ?? {};
  if (labels["app.kubernetes.io/managed-by"] !== "modak") problems.push("no app.kubernetes.io/managed-by: modak label");
  if (!labels["app.kubernetes.io/name"]) problems.push("no app.kubernetes.io/name label");
  if (!/^[a-z0-9]([-a-z0-9]*[a-z0-9])?$/.test(doc.metadata?.name ?? "") || doc.metadata.name.length > 63)
    problems.push(`metadata.name '${doc.metadata?.name}' is not a DNS-1123 label`);
  for (const [where, t] of templates(doc)) {
    for (const c of t?.spec?.containers ?? []) {
      if (typeof c.image !== "string" || c.image.includes("://")) problems.push(`${where}: image '${c.image}' has a scheme`);
      for (const [k, v] of Object.entries(c.resources?.limits ?? {}))
        if (k.endsWith("/gpu") && !/^[1-9][0-9]*$/.test(String(v))) problems.push(`${where}: ${k} limit '${v}' is not a whole number`);
      for (const e of c.env ?? []) if (typeof e.value !== "string") problems.push(`${where}: env ${e.name} is not a string`);
      if (doc.kind === "PyTorchJob" && c.name !== "pytorch") problems.push(`${where}: container '${c.name}' is not named pytorch`);
    }
  }
  if (doc.kind === "PyTorchJob") {
    if (!/^([1-9][0-9]*|auto|cpu|gpu)$/.test(doc.spec.nprocPerNode ?? "")) problems.push("nprocPerNode missing or invalid");
    if (doc.spec.pytorchReplicaSpecs?.Master?.replicas !== 1) problems.push("not exactly one Master");
  }
  if (doc.kind === "TrainJob") problems.push(...trainJobConventions(doc));
  if (doc.kind === "MPIJob") {
    if (doc.spec.mpiReplicaSpecs?.Launcher?.replicas !== 1) problems.push("not exactly one Launcher");
    if (!(doc.spec.slotsPerWorker >= 1)) problems.push("no slotsPerWorker");
  }
  return problems;
}

/// A TrainJob runs on a runtime the release ships, whose replicated jobs and containers its patches
/// name, with the policy its trainer fields are for.
function trainJobConventions(doc) {
  const problems = [];
  const ref = doc.spec.runtimeRef ?? {};
  const runtime = runtimes[ref.name];
  if (!runtime) return [`runtimeRef '${ref.name}' is not a ClusterTrainingRuntime of the release (${Object.keys(runtimes).join(", ")})`];
  if ((ref.kind ?? "ClusterTrainingRuntime") !== "ClusterTrainingRuntime") problems.push(`runtimeRef kind '${ref.kind}'`);
  const jobs = runtime.template?.spec?.replicatedJobs ?? [];
  const trainerJob = jobs.find((j) => j.template?.metadata?.labels?.["trainer.kubeflow.org/trainjob-ancestor-step"] === "trainer");
  const trainerContainer = trainerJob?.template?.spec?.template?.spec?.containers?.[0]?.name;
  const t = doc.spec.trainer ?? {};
  if (!(t.numNodes >= 1)) problems.push("trainer.numNodes missing");
  if (!Array.isArray(t.command) || t.command.length === 0) problems.push("trainer.command missing");
  if (t.numProcPerNode !== undefined && !runtime.mlPolicy?.torch && !runtime.mlPolicy?.mpi)
    problems.push(`numProcPerNode on runtime '${ref.name}', whose policy reads none`);
  if (runtime.mlPolicy?.torch && !(t.numProcPerNode >= 1)) problems.push("a torch runtime without numProcPerNode");
  for (const p of doc.spec.runtimePatches ?? []) {
    for (const j of p.trainingRuntimeSpec?.template?.spec?.replicatedJobs ?? []) {
      if (!jobs.some((r) => r.name === j.name))
        problems.push(`runtimePatches: '${ref.name}' has no replicated job '${j.name}'`);
      const pod = j.template?.spec?.template?.spec ?? {};
      const volumes = new Set((pod.volumes ?? []).map((v) => v.name));
      for (const c of pod.containers ?? []) {
        if (c.name !== trainerContainer) problems.push(`runtimePatches: '${ref.name}' has no trainer container '${c.name}'`);
        for (const m of c.volumeMounts ?? []) if (!volumes.has(m.name)) problems.push(`runtimePatches: volume '${m.name}' is mounted but not defined`);
      }
    }
  }
  return problems;
}

let rc = 0;
for (const f of files) {
  let docs;
  try {
    docs = yaml.loadAll(fs.readFileSync(f, "utf8"));
  } catch (e) {
    rc = 1;
    console.log(`FAIL ${f}: YAML: ${e.message}`);
    continue;
  }
  for (const doc of docs) {
    const key = `${doc?.apiVersion}/${doc?.kind}`;
    let problems = [];
    try {
      if (key === "batch/v1/Job") {
        new Job(doc).validate();
        problems.push(...unknownKeys(doc, jobFields, ""), ...unknownKeys(doc.metadata, metaFields, ".metadata"),
          ...unknownKeys(doc.spec, jobSpecFields, ".spec"));
        if (!podTemplate(doc.spec.template)) problems.push(`spec.template: ${ajv.errorsText(podTemplate.errors)}`);
      } else if (key === "v1/ConfigMap" || key === "v1/Service") {
        const Kind = key === "v1/ConfigMap" ? ConfigMap : Service;
        new Kind(doc).validate();
        problems.push(...unknownKeys(doc, fieldsOf("kubernetes-models/v1", `${doc.kind}.d.ts`), ""),
          ...unknownKeys(doc.metadata, metaFields, ".metadata"));
        if (doc.kind === "Service") problems.push(...unknownKeys(doc.spec, fieldsOf("kubernetes-models/v1", "ServiceSpec.d.ts"), ".spec"));
      } else if (crdValidators[key]) {
        if (!crdValidators[key](doc)) problems.push(ajv.errorsText(crdValidators[key].errors));
      } else {
        problems.push(`no schema for ${key}`);
      }
      problems.push(...conventions(doc));
    } catch (e) {
      problems.push(String(e.message ?? e).slice(0, 400));
    }
    if (problems.length) {
      rc = 1;
      console.log(`FAIL ${f} ${key}: ${problems.join("; ")}`);
    } else {
      console.log(`OK   ${f} ${key}`);
    }
  }
}
process.exit(rc);
