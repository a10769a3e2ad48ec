import { existsSync, readdirSync, readFileSync } from 'fs';
import { join } from 'path';
import { parseAllDocuments } from 'yaml';
import { Deployment } from 'kubernetes-models/apps/v1';
import { HorizontalPodAutoscaler } from 'kubernetes-models/autoscaling/v2';
import { Job } from 'kubernetes-models/batch/v1';
import { Secret, Service } from 'kubernetes-models/v1';
import { PodDisruptionBudget } from 'kubernetes-models/policy/v1';

/**
 * The Kubernetes manifests in deploy/ (README "Scaling out") are checked offline against the
 * Kubernetes API schemas that the `kubernetes-models` package compiles (no cluster, no network),
 * and against what the image really runs: entry files that the backend build produces, the api's
 * readiness on /api/health, configuration from the `tips-config` Secret whose example names only
 * variables of .env.example.
 */

const ROOT = join(__dirname, '..', '..', '..');
const DEPLOY = join(ROOT, 'deploy');

type Manifest = {
  apiVersion: string;
  kind: string;
  metadata: { name: string };
  spec?: any;
  stringData?: Record<string, string>;
};

const MODELS: Record<string, new (data: any) => { validate(): void }> = {
  'apps/v1/Deployment': Deployment,
  'autoscaling/v2/HorizontalPodAutoscaler': HorizontalPodAutoscaler,
  'batch/v1/Job': Job,
  'v1/Secret': Secret,
  'v1/Service': Service,
  'policy/v1/PodDisruptionBudget': PodDisruptionBudget,
};

const manifests: Array<{ file: string; doc: Manifest }> = readdirSync(DEPLOY)
  .filter((f) => /\.ya?ml$/.test(f))
  .flatMap((file) =>
    parseAllDocuments(readFileSync(join(DEPLOY, file), 'utf8')).map((d) => {
      if (d.errors.length) throw new Error(`${file}: ${d.errors[0].message}`);
      return { file, doc: d.toJSON() as Manifest };
    }),
  );

const find = (kind: string, name: string): Manifest => {
  const hit = manifests.find((m) => m.doc.kind === kind && m.doc.metadata.name === name);
  if (!hit) throw new Error(`deploy/ has no ${kind} ${name}`);
  return hit.doc;
};
const container = (m: Manifest) =>
  m.kind === 'Job' ? m.spec.template.spec.containers[0] : m.spec.template.spec.containers[0];
const envOf = (m: Manifest): Record<string, string> =>
  Object.fromEntries(
    (container(m).env ?? []).map((e: { name: string; value: string }) => [e.name, e.value]),
  );

describe('deploy/ Kubernetes manifests', () => {
  it('holds only kinds it knows, each valid against its API schema', () => {
    expect(manifests.length).toBeGreaterThanOrEqual(7);
    for (const { file, doc } of manifests) {
      const Model = MODELS[`${doc.apiVersion}/${doc.kind}`];
      if (!Model) throw new Error(`${file}: no schema for ${doc.apiVersion} ${doc.kind}`);
      expect(() => new Model(doc).validate()).not.toThrow();
    }
  });

  it('rejects a broken manifest (the validator really checks)', () => {
    const api = structuredClone(find('Deployment', 'tips-api'));
    api.spec.template.spec.containers[0].readinessProbe.httpGet = { path: '/api/health' };
    api.spec.replicas = 'two';
    expect(() => new Deployment(api).validate()).toThrow(/port|replicas/);
  });

  it('runs the api with ROLE=api, ready on /api/health, scaled by an autoscaler', () => {
    const api = find('Deployment', 'tips-api');
    expect(envOf(api).ROLE).toBe('api');
    expect(container(api).readinessProbe.httpGet.path).toBe('/api/health');
    const hpa = find('HorizontalPodAutoscaler', 'tips-api');
    expect(hpa.spec.scaleTargetRef).toMatchObject({ kind: 'Deployment', name: 'tips-api' });
    expect(hpa.spec.minReplicas).toBeGreaterThanOrEqual(2);
    const service = find('Service', 'tips-api');
    expect(service.spec.selector).toEqual(api.spec.template.metadata.labels);
  });

  it('runs the worker and the migrate job from the entry files the backend build produces', () => {
    const worker = find('Deployment', 'tips-worker');
    expect(envOf(worker).ROLE).toBe('worker');
    const entries = [find('Deployment', 'tips-api'), worker, find('Job', 'tips-migrate')].map(
      (m) => container(m).command.at(-1) as string,
    );
    for (const entry of entries) {
      expect(entry).toMatch(/^backend\/dist\/.+\.js$/);
      expect(
        existsSync(
          join(
            ROOT,
            'backend',
            'src',
            entry.replace(/^backend\/dist\//, '').replace(/\.js$/, '.ts'),
          ),
        ),
      ).toBe(true);
    }
  });

  it('configures every process from the tips-config Secret, whose example names only variables of .env.example', () => {
    for (const m of manifests.filter((x) => ['Deployment', 'Job'].includes(x.doc.kind))) {
      expect(container(m.doc).envFrom).toEqual([{ secretRef: { name: 'tips-config' } }]);
    }
    const known = new Set(
      [...readFileSync(join(ROOT, '.env.example'), 'utf8').matchAll(/^([A-Z][A-Z0-9_]*)=/gm)].map(
        (x) => x[1],
      ),
    );
    const secret = find('Secret', 'tips-config');
    const unknown = Object.keys(secret.stringData ?? {}).filter((k) => !known.has(k));
    expect(unknown).toEqual([]);
  });
});
