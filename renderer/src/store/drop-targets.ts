/**
 * Where a dropped file goes (issue 25, point 4): to the place it was dropped on, never to another
 * screen. Each drop target takes some kinds of file; a file it does not take is not read, and the
 * notice names the file and what the target takes. Pure.
 */

/** A place on a screen that takes dropped files (marked with `data-drop-target` in the page). */
export type DropTarget = 'message' | 'chain' | 'alignments' | 'translate' | 'none';

export type FileKind = 'message' | 'alignment' | 'other';

export const DROP_TARGETS: readonly DropTarget[] = ['message', 'chain', 'alignments', 'translate', 'none'];

export function fileKind(fileName: string): FileKind {
  if (/\.(json|jsonld)$/i.test(fileName)) return 'message';
  if (/\.(rdf|xml|owl)$/i.test(fileName)) return 'alignment';
  return 'other';
}

/** What each target takes, as the notice says it. */
export const TAKES: Record<DropTarget, string> = {
  message: 'one message (.json, .jsonld)',
  chain: 'alignments (.rdf, .xml, .owl), added to the chain',
  alignments: 'alignments (.rdf, .xml, .owl), uploaded',
  translate: 'a message (.json, .jsonld) on the message, or alignments (.rdf, .xml, .owl) on the chain',
  none: "no files: drop alignments on the Alignments list or on Translate's chain, a message on Translate's message",
};

/** The words for a target in a notice. */
export const TARGET_NAMES: Record<DropTarget, string> = {
  message: 'The message editor',
  chain: 'The chain',
  alignments: 'The alignment list',
  translate: 'The Translate screen',
  none: 'This screen',
};

/** What the drop overlay says while files are dragged over a target. */
export const OVER_TEXT: Record<DropTarget, string> = {
  message: 'Drop a message (.json) to load it here',
  chain: 'Drop alignment files to add them to the chain',
  alignments: 'Drop alignment files (.rdf, .xml) to upload them',
  translate: 'Drop a message on the message, alignments on the chain',
  none: 'This screen takes no dropped files',
};

/** Where each file of a drop on `target` goes; `refused` are the files the target does not take. */
export function routeDrop(target: DropTarget, fileNames: readonly string[]): { message?: string; alignments: string[]; refused: string[] } {
  const out: { message?: string; alignments: string[]; refused: string[] } = { alignments: [], refused: [] };
  for (const name of fileNames) {
    const kind = fileKind(name);
    const takesMessage = target === 'message' || target === 'translate';
    const takesAlignments = target === 'chain' || target === 'alignments' || target === 'translate';
    if (kind === 'message' && takesMessage && out.message === undefined) out.message = name;
    else if (kind === 'alignment' && takesAlignments) out.alignments.push(name);
    else out.refused.push(name);
  }
  return out;
}

/** The notice for the refused files of a drop, or undefined when every file was taken. */
export function refusalNotice(target: DropTarget, refused: readonly string[]): string | undefined {
  if (refused.length === 0) return undefined;
  const names = refused.map((n) => `“${n}”`).join(', ');
  return `${names} ${refused.length === 1 ? 'was' : 'were'} not loaded: ${TARGET_NAMES[target].toLowerCase()} takes ${TAKES[target]}.`;
}
