/**
 * A suite run as JUnit XML, the report format CI systems (GitHub Actions reporters, GitLab, Jenkins)
 * read: one <testsuite> with a <testcase> per case; a failed case has a <failure> saying what differed
 * (payload, first differing step), a case that could not run an <error>.
 */
import type { CaseResult, StepCounts, SuiteRunReport } from '../api/suites.js';
import { escapeXmlAttribute, escapeXmlText } from '../xml/xml-writer.js';

const seconds = (ms: number): string => (ms / 1000).toFixed(3);

// XML 1.0 cannot carry most control characters, even escaped; a message or payload may hold them.
// eslint-disable-next-line no-control-regex -- these are exactly the characters XML 1.0 refuses
const xmlSafe = (s: string): string => s.replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g, '\ufffd');
const text = (s: string): string => escapeXmlText(xmlSafe(s));

function counts(s: StepCounts | null): string {
  return s === null ? 'no such step' : `${s.alignment} step ${s.step} cell ${s.cellId}: ${s.triplesBefore} -> ${s.triplesAfter}, -${s.deleted} +${s.inserted}`;
}

/** One line saying why a case failed (also the CLI table's last column). */
export function failureSummary(result: CaseResult): string {
  if (result.status === 'error') return result.error ?? 'could not run';
  if (result.status === 'passed') return '';
  const parts: string[] = [];
  if (!result.payloadMatches) {
    const d = result.payloadDiff;
    parts.push(d === undefined ? 'payload differs' : `payload differs (${d.removedCount} expected triple(s) missing, ${d.addedCount} unexpected)`);
  }
  const step = result.firstDifferingStep;
  if (step !== undefined) {
    const where = step.expected ?? step.actual;
    parts.push(`first differing step: ${where === null ? `row ${step.index + 1}` : `${where.alignment} step ${where.step} (cell ${where.cellId})`}`);
  }
  return parts.join('; ');
}

function failureDetail(result: CaseResult): string {
  const lines = [failureSummary(result)];
  const step = result.firstDifferingStep;
  if (step !== undefined) lines.push(`expected: ${counts(step.expected)}`, `actual:   ${counts(step.actual)}`);
  const d = result.payloadDiff;
  if (d !== undefined) {
    for (const t of d.removed) lines.push(`- ${t.display}`);
    for (const t of d.added) lines.push(`+ ${t.display}`);
  }
  return lines.join('\n');
}

export function junitXml(report: SuiteRunReport): string {
  const attr = (name: string, value: string | number): string => ` ${name}="${escapeXmlAttribute(xmlSafe(String(value)))}"`;
  const total = report.cases.length;
  const head = attr('tests', total) + attr('failures', report.failed) + attr('errors', report.errors) + attr('skipped', 0) + attr('time', seconds(report.ms));
  const out = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites${attr('name', report.suite)}${head}>`,
    `  <testsuite${attr('name', report.suite)}${head}>`,
  ];
  for (const c of report.cases) {
    const chain = c.alignments.map((a) => `${a.name}@${a.version}`).join(' > ');
    out.push(`    <testcase${attr('name', c.name)}${attr('classname', report.suite)}${attr('time', seconds(c.ms))}>`);
    out.push(`      <properties><property${attr('name', 'alignments')}${attr('value', chain)}/></properties>`);
    if (c.status === 'failed') {
      out.push(`      <failure${attr('message', failureSummary(c))}${attr('type', 'AlignmentTestFailure')}>${text(failureDetail(c))}</failure>`);
    } else if (c.status === 'error') {
      out.push(`      <error${attr('message', c.error ?? 'could not run')}${attr('type', 'AlignmentTestError')}>${text(c.error ?? '')}</error>`);
    }
    out.push('    </testcase>');
  }
  out.push('  </testsuite>', '</testsuites>', '');
  return out.join('\n');
}
