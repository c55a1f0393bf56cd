/**
 * The nodes React Flow is given in the overview (zoom below OVERVIEW_ZOOM), where OverviewNodeLayer draws
 * the unselected nodes as boxes. Those nodes are handed to React Flow as `hidden`: it keeps them in its
 * store (positions and measured sizes, which the box layer, the hover reveal and fit view read) but renders
 * no element for them, so a drag with 1,000 nodes in view re-renders and re-checks the few React Flow draws
 * instead of 1,000 node components each subscribed to its store (bench:editor: a third less JavaScript per
 * pointer move), and fitting a large graph into view no longer mounts every node. React Flow's own box
 * selection skips hidden nodes (overview-box-selection.ts selects them), and so does a tap, which has no
 * hover to reveal the node first (the canvas's pane click selects the box under it).
 *
 * Every fitView of the editor must count hidden nodes (`FIT_HIDDEN_NODES`): React Flow leaves them out by
 * default, and in the overview that is nearly every node (Fit View would fit nothing and zoom to the
 * maximum).
 *
 * React Flow draws (the node as it is):
 * - the selected and the dragged nodes;
 * - the ends of a selected edge (React Flow does not draw an edge whose end is hidden);
 * - a node not measured yet (React Flow measures what it renders; overview.css keeps it invisible). The
 *   canvas passes none: it declares the size of every node not measured yet (declared-geometry.ts);
 * - the node under the pointer (`revealedId`), given REVEALED_CLASS so overview.css shows it, so pressing
 *   it reaches React Flow's node (click, drag) as at any other zoom.
 */
import type { EditorEdge, EditorNode } from "./types";

/** Options every fitView in the editor includes: the overview's hidden nodes are part of the workflow. */
export const FIT_HIDDEN_NODES = { includeHiddenNodes: true } as const;

/** The class of the node the pointer is over in the overview, shown instead of its box (overview.css). */
export const REVEALED_CLASS = "overview-revealed";

/**
 * Whether React Flow shows the node in the overview (overview.css): selected, dragged, or under the pointer
 * (REVEALED_CLASS). The box layer leaves such a node to React Flow, and the edge layer keeps its edges in
 * the path a drag repaints. Reads the fields a node handed to React Flow and React Flow's internal node
 * (`InternalNode`) share.
 *
 * The node under the pointer counts, so that pressing and dragging it changes neither layer: its box and
 * its edges left the idle paths when the pointer came over it, not on the drag's first move or at the drop
 * (with 1,000 nodes in view, rebuilding the boxes there was 1–5 ms of script in CPU profiles of a drag's
 * first moves).
 */
export function isShownInOverview(node: { selected?: boolean; dragging?: boolean; className?: string }): boolean {
  return node.selected === true || node.dragging === true || (!!node.className && node.className.split(" ").includes(REVEALED_CLASS));
}

/**
 * The copies handed to React Flow, kept per node object so an unchanged node is the same object on the
 * next render (React Flow then skips it: `adoptUserNodes` compares user nodes by identity).
 */
export class OverviewNodeCopies {
  private readonly hidden = new WeakMap<EditorNode, EditorNode>();
  private readonly revealed = new WeakMap<EditorNode, EditorNode>();

  hiddenOf(node: EditorNode): EditorNode {
    let copy = this.hidden.get(node);
    if (!copy) {
      copy = { ...node, hidden: true };
      this.hidden.set(node, copy);
    }
    return copy;
  }

  revealedOf(node: EditorNode): EditorNode {
    let copy = this.revealed.get(node);
    if (!copy) {
      copy = { ...node, className: node.className ? `${node.className} ${REVEALED_CLASS}` : REVEALED_CLASS };
      this.revealed.set(node, copy);
    }
    return copy;
  }
}

/** Whether React Flow has measured the node (its size is known to the box layer and to fit view). */
function isMeasured(node: EditorNode): boolean {
  return !!node.measured?.width && !!node.measured?.height;
}

/**
 * The nodes to give React Flow in the overview: `nodes` in the same order, each as is, hidden or revealed
 * (see the module comment). One pass over the nodes and one over the edges; allocates only for nodes that
 * changed since the last call with the same `copies`.
 */
export function overviewFlowNodes(
  nodes: readonly EditorNode[],
  edges: readonly EditorEdge[],
  revealedId: string | null,
  copies: OverviewNodeCopies,
): EditorNode[] {
  let selectedEnds: Set<string> | null = null;
  for (const edge of edges) {
    if (!edge.selected) continue;
    selectedEnds ??= new Set();
    selectedEnds.add(edge.source).add(edge.target);
  }
  return nodes.map((node) => {
    if (node.selected || node.dragging || !isMeasured(node)) return node;
    // an end of a selected edge under the pointer is shown too, or pressing its box would pan the canvas
    if (node.id === revealedId) return copies.revealedOf(node);
    return selectedEnds?.has(node.id) ? node : copies.hiddenOf(node);
  });
}
