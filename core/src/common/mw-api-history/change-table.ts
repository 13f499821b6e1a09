/**
 * The change history as the seed writes it (section 9.4): one row per version with a "Changes"
 * and an "Additions" column, each a "; "-separated list of phrases, grouped by kind.
 */
import type { ApiChange, ApiChangeKind, ApiDiff } from './api-diff.js';

const ADDITIONS: ReadonlySet<ApiChangeKind> = new Set(['tag-added', 'path-added', 'definition-added', 'content-type-added']);

/** Plural-aware list: "definition X" or "definitions X, Y". */
function named(singular: string, plural: string, items: readonly string[]): string {
  return `${items.length === 1 ? singular : plural} ${items.join(', ')}`;
}

function byKind(changes: readonly ApiChange[], kind: ApiChangeKind): ApiChange[] {
  return changes.filter((c) => c.kind === kind);
}

/** The phrases of one column, in the order of the kinds. */
export function describeChanges(changes: readonly ApiChange[]): { changes: string[]; additions: string[] } {
  const out = { changes: [] as string[], additions: [] as string[] };
  const seen = new Set<ApiChangeKind>();
  for (const change of changes) {
    if (seen.has(change.kind)) continue;
    seen.add(change.kind);
    const group = byKind(changes, change.kind);
    const subjects = group.map((c) => c.subject);
    const target = ADDITIONS.has(change.kind) ? out.additions : out.changes;
    switch (change.kind) {
      case 'tag-added':
        target.push(named('tag', 'tags', subjects));
        break;
      case 'tag-removed':
        target.push(`${named('tag', 'tags', subjects)} removed`);
        break;
      case 'operation-tags-changed':
        target.push(`endpoint tags changed (${subjects.join(', ')})`);
        break;
      case 'path-added':
        target.push(named('endpoint', 'endpoints', subjects));
        break;
      case 'path-removed':
        target.push(`${named('endpoint', 'endpoints', subjects)} removed`);
        break;
      case 'path-moved':
        for (const c of group) target.push(`${c.subject} became ${c.detail}`);
        break;
      case 'parameter-renamed': {
        // One phrase per rename, however many operations share it.
        const renames = [...new Set(group.map((c) => c.detail))];
        for (const rename of renames) {
          const [from, to] = rename.split(' -> ');
          const where = group.filter((c) => c.detail === rename).map((c) => c.subject);
          target.push(`parameter ${from ?? rename} renamed ${to ?? ''} (${where.join(', ')})`);
        }
        break;
      }
      case 'responses-changed':
        target.push(`response messages changed (${subjects.join(', ')})`);
        break;
      case 'definition-added':
        target.push(named('definition', 'definitions', subjects));
        break;
      case 'definition-removed':
        target.push(`${named('definition', 'definitions', subjects)} removed`);
        break;
      case 'definition-changed':
        target.push(`${named('definition', 'definitions', subjects)} changed`);
        break;
      case 'property-renamed':
        for (const c of group) target.push(`property ${c.subject} renamed ${c.detail}`);
        break;
      case 'content-type-added':
        for (const c of group) target.push(`content type ${c.detail} on ${c.subject}`);
        break;
      case 'content-type-removed':
        for (const c of group) target.push(`content type ${c.detail} removed from ${c.subject}`);
        break;
    }
  }
  return out;
}

/** A Markdown table of one or more diffs, a row per new version, like the seed's section 9.4. */
export function formatChangeTable(diffs: readonly ApiDiff[]): string {
  const escape = (text: string): string => text.replace(/\|/g, '\\|');
  const rows = diffs.map((diff) => {
    const { changes, additions } = describeChanges(diff.changes);
    return `| ${escape(diff.to)} | ${escape(changes.join('; ') || 'none')} | ${escape(additions.join('; ') || 'none')} |`;
  });
  return ['| Version | Changes | Additions |', '|---|---|---|', ...rows].join('\n') + '\n';
}
