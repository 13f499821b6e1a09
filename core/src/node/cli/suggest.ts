/**
 * `mediator suggest INPUT.json OUTPUT.json [INPUT2.json OUTPUT2.json ...] [--name NAME]
 * [--version V] [--answer QUESTION=CANDIDATE ...] [--json]` (issue 30): an alignment suggested from example message pairs, printed
 * on stdout. A thin wrapper over core's suggestAlignment. Exit 0 with a suggestion (its questions
 * go to stderr, or into the JSON), 1 when an example cannot be read or is not reproduced, 2 on a usage error.
 */
import { cliSuggestionBudgets, suggestWithinBudgets } from '../services/bounded-suggestion.js';
import { parseCommandArgs, readInputText, UsageError, type CliIo } from './io.js';

export const SUGGEST_USAGE = `  mediator suggest INPUT.json OUTPUT.json [INPUT2.json OUTPUT2.json ...] [--name NAME]
                  [--version V] [--answer QUESTION=CANDIDATE ...] [--json]
      Suggest an alignment from example pairs of whole messages (an input and the translation
      wanted for it); prints the IPSM-AF document, checked with the engine on every example.
      Choices the examples leave open are printed to stderr as questions; --json prints
      {"alignment", "questions", "cells", "examples"} instead (per example: reproduced, and the
      triples still extra or missing). --answer (repeatable) settles a question of an earlier
      run on the same examples with one of its candidates (ids as printed: they are made from
      the examples' content, so the same examples give the same ids). Exit 1 when an example
      is not reproduced or cannot be read.
`;

export async function suggestCommand(args: readonly string[], io: CliIo): Promise<number> {
  const usage = { prefix: 'mediator suggest', help: SUGGEST_USAGE };
  const parsed = parseCommandArgs(
    {
      args: [...args],
      allowPositionals: true,
      options: {
        name: { type: 'string' },
        version: { type: 'string' },
        answer: { type: 'string', multiple: true },
        json: { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
      },
    },
    usage,
  );
  if (parsed.values.help === true) {
    io.stdout(`Usage:\n${SUGGEST_USAGE}`);
    return 0;
  }
  const files = parsed.positionals;
  if (files.length === 0 || files.length % 2 !== 0) {
    throw new UsageError(`give example pairs, INPUT.json OUTPUT.json (got ${files.length} file(s))`, usage);
  }
  const answers = [];
  for (const text of parsed.values.answer ?? []) {
    const [question, choice, extra] = text.split('=');
    if (question === undefined || question === '' || choice === undefined || choice === '' || extra !== undefined) {
      throw new UsageError(`--answer takes QUESTION=CANDIDATE (got ${JSON.stringify(text)})`, usage);
    }
    answers.push({ question, choice });
  }
  const examples = [];
  for (let i = 0; i < files.length; i += 2) {
    examples.push({ input: await readInputText(files[i] ?? ''), output: await readInputText(files[i + 1] ?? '') });
  }
  // On a thread stopped at the time and memory budgets, whatever the synthesis is doing (issue 40).
  const suggestion = await suggestWithinBudgets(
    examples,
    {
      ...(parsed.values.name === undefined ? {} : { name: parsed.values.name }),
      ...(parsed.values.version === undefined ? {} : { version: parsed.values.version }),
      answers,
    },
    cliSuggestionBudgets(),
  );
  // Exit 1 when the suggestion does not reproduce every example: a script must not take it as done.
  const code = suggestion.checks.every((c) => c.reproduced) ? 0 : 1;
  if (parsed.values.json === true) {
    const examplesOut = suggestion.checks.map((c, i) => ({
      example: i + 1,
      reproduced: c.reproduced,
      differingTriples: c.differingTriples,
      extra: suggestion.remaining[i]?.removed.map((t) => t.display) ?? [],
      missing: suggestion.remaining[i]?.added.map((t) => t.display) ?? [],
    }));
    io.stdout(
      `${JSON.stringify({ alignment: suggestion.alignment, questions: suggestion.questions, cells: suggestion.cells, examples: examplesOut }, null, 2)}\n`,
    );
    return code;
  }
  io.stdout(suggestion.alignment);
  for (const q of suggestion.questions) {
    const candidates = q.candidates.map((c) => `\n  ${c.id === q.chosen ? '*' : ' '} ${c.id}: ${c.source} = ${c.value} (${c.transform})`).join('');
    io.stderr(`question ${q.id} (example ${q.example + 1}): ${q.message}${q.triple === '' ? '' : `\n  in ${q.triple}`}${candidates}\n`);
  }
  suggestion.checks.forEach((c, i) =>
    io.stderr(`example ${i + 1}: ${c.reproduced ? 'reproduced' : `NOT reproduced (${c.differingTriples} triple(s) differ)`}\n`),
  );
  return code;
}
