import { geometryFor } from "./node-geometry";
import { sourceHandlesOf } from "./node-handles";
import type { EditorNode } from "./types";

/**
 * The nodes to give React Flow: each measured node as it is, each other one as a copy with its declared
 * `measured` size and `handles`. Copies are kept per node object, so an unchanged node is the same object
 * on the next call (React Flow skips it: `adoptUserNodes` compares user nodes by identity).
 */
export class DeclaredGeometry {
  private readonly copies = new WeakMap<EditorNode, EditorNode>();

  of(nodes: EditorNode[]): EditorNode[] {
    let changed = false;
    const result = nodes.map((node) => {
      if (node.measured?.width && node.measured.height) return node;
      changed = true;
      let copy = this.copies.get(node);
      if (!copy) {
        const { width, height, handles } = geometryFor(node.type, sourceHandlesOf(node.type, node.data));
        copy = { ...node, measured: { width, height }, handles };
        this.copies.set(node, copy);
      }
      return copy;
    });
    return changed ? result : nodes;
  }
}
