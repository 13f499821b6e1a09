/**
 * The mw2mw API change history service (issue 15): the shipped Swagger 2.0 samples of the
 * middleware's API (core/samples/mw2mw, read once) and the diff of two documents, shipped or sent.
 */
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { corePath } from '../core-root.js';
import { api, BadRequestError, diffApiDocuments, ErrorCodes, NotFoundError, type SwaggerDocument } from '../../common/index.js';

// The Swagger reader, and the `yaml` package under it, are loaded on first use: every process and
// translation worker paid for loading them at start (issue 27) though few servers ever diff APIs.
const swaggerReader = () => import('../../common/mw-api-history/swagger-model.js');

/** core/samples/mw2mw. */
export const DEFAULT_API_SAMPLES_DIR = corePath('samples', 'mw2mw');

interface LoadedSample {
  readonly info: api.ApiSample;
  readonly text: string;
  readonly document: SwaggerDocument;
}

/** Orders versions the way people read them: 1.2 < 1.10. */
function compareVersions(a: string, b: string): number {
  return a.localeCompare(b, 'en', { numeric: true });
}

export class ApiHistoryService {
  private loaded: Promise<readonly LoadedSample[]> | undefined;

  constructor(private readonly samplesDir: string = DEFAULT_API_SAMPLES_DIR) {}

  async listSamples(): Promise<api.ApiSample[]> {
    return (await this.samples()).map((s) => s.info);
  }

  async getSample(version: string): Promise<api.ApiSampleDocument> {
    const sample = await this.sample(version);
    return { version: sample.info.version, title: sample.info.title, fileName: sample.info.fileName, text: sample.text };
  }

  async diff(request: api.ApiDiffRequest): Promise<api.ApiDiff> {
    const [older, newer] = await Promise.all([this.document(request.old, 'old'), this.document(request.new, 'new')]);
    const diff = diffApiDocuments(older, newer);
    return { from: diff.from, to: diff.to, changes: diff.changes.map((c) => ({ kind: c.kind, subject: c.subject, detail: c.detail })) };
  }

  private async document(source: api.ApiDocumentSource, which: 'old' | 'new'): Promise<SwaggerDocument> {
    const hasSample = source.sample !== undefined;
    const hasText = source.text !== undefined;
    if (hasSample === hasText) {
      throw new BadRequestError(
        `"${which}" needs either "sample" (a shipped version) or "text" (a Swagger 2.0 document), not ${hasSample ? 'both' : 'neither'}`,
        ErrorCodes.invalidRequest,
      );
    }
    if (source.sample !== undefined) return (await this.sample(source.sample)).document;
    return (await swaggerReader()).readSwaggerDocument(source.text ?? '', source.name ?? which);
  }

  private async sample(version: string): Promise<LoadedSample> {
    const samples = await this.samples();
    const found = samples.find((s) => s.info.version === version);
    if (found === undefined)
      throw new NotFoundError(`No shipped mw2mw API document has version "${version}"; shipped: ${samples.map((s) => s.info.version).join(', ')}`);
    return found;
  }

  private samples(): Promise<readonly LoadedSample[]> {
    this.loaded ??= this.load();
    return this.loaded;
  }

  private async load(): Promise<readonly LoadedSample[]> {
    const names = (await readdir(this.samplesDir)).filter((n) => /\.(ya?ml|json)$/i.test(n));
    const { readSwaggerDocument } = await swaggerReader();
    const samples = await Promise.all(
      names.map(async (fileName): Promise<LoadedSample> => {
        const text = await readFile(join(this.samplesDir, fileName), 'utf8');
        const document = readSwaggerDocument(text, fileName);
        return {
          info: { version: document.version, title: document.title, fileName, operations: document.operations.size, definitions: document.definitions.size },
          text,
          document,
        };
      }),
    );
    return samples.sort((a, b) => compareVersions(a.info.version, b.info.version));
  }
}
