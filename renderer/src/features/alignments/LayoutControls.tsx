/**
 * The Alignments screen's layout controls (issue 39, point 5): hide the list and the Problems pane,
 * or both at once ("Maximize the editor"), wrap long lines, and open "Compare versions" only when
 * asked. The choices are remembered (layout-slice.ts).
 */
import { useWorkbench } from '../../store/index.js';

export function EditorLayoutBar() {
  const layout = useWorkbench((s) => s.layout);
  const setFlag = useWorkbench((s) => s.setLayoutFlag);
  const maximize = useWorkbench((s) => s.setEditorMaximized);
  const maximized = layout.listHidden && layout.problemsHidden;
  return (
    <div className="layout-bar" role="toolbar" aria-label="Layout">
      <button type="button" onClick={() => setFlag('listHidden', !layout.listHidden)}>
        {layout.listHidden ? 'Show the list' : 'Hide the list'}
      </button>
      <button type="button" onClick={() => setFlag('problemsHidden', !layout.problemsHidden)}>
        {layout.problemsHidden ? 'Show Problems' : 'Hide Problems'}
      </button>
      <button type="button" onClick={() => maximize(!maximized)}>
        {maximized ? 'Restore the layout' : 'Maximize the editor'}
      </button>
      <label className="checkbox">
        <input type="checkbox" checked={layout.wordWrap} onChange={(e) => setFlag('wordWrap', e.target.checked)} /> Word wrap
      </label>
    </div>
  );
}

/** Opens and closes "Compare versions" (two stored alignments side by side); shown while there are two to compare. */
export function CompareVersionsToggle() {
  const open = useWorkbench((s) => s.compareOpen);
  const setOpen = useWorkbench((s) => s.setCompareOpen);
  const enough = useWorkbench((s) => s.alignments.length >= 2);
  if (!enough && !open) return null;
  return (
    <button type="button" aria-expanded={open} aria-controls="alignment-diff-panel" onClick={() => setOpen(!open)}>
      Compare versions
    </button>
  );
}
