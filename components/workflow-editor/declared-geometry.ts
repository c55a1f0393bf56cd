import type { NodeHandle } from "@xyflow/react";
import { geometryFor } from "./node-geometry";
import { sourceHandlesOf } from "./node-handles";
import type { EditorNode } from "./types";

/**
 * Added to a declared height (px) so that it never equals a measured one (React Flow measures whole
 * pixels): when a node is rendered React Flow then always reports its size as a `dimensions` change, the
 * graph learns it, and from then on the node is passed through as it is, with the handles React Flow
 * measured. Were the declared size exact, a rendered node would stay "unmeasured" in the graph and be
 * copied again on every move of a drag (bench:editor's profile: ~0.4 ms of script per move).
 */
export const DECLARED_HEIGHT_OFFSET = 0.5;

interface Declared {
  measured: { width: number; height: number };
  handles: NodeHandle[];
}

/**
 * The nodes to give React Flow: each measured node as it is, each other one as a copy with its declared
 * `measured` size and `handles` (node-geometry.ts). Copies are kept per node object, so an unchanged node
 * is the same object on the next call (React Flow skips it: `adoptUserNodes` compares user nodes by
 * identity), and the geometry per `data` object, so a moved node is not measured out again (its source
 * handles come from validating its data against its type's schema).
 */
export class DeclaredGeometry {
  private readonly copies = new WeakMap<EditorNode, EditorNode>();
  private readonly geometry = new WeakMap<object, { type: string; declared: Declared }>();

  of(nodes: EditorNode[]): EditorNode[] {
    let changed = false;
    const result = nodes.map((node) => {
      if (node.measured?.width && node.measured.height) return node;
      changed = true;
      let copy = this.copies.get(node);
      if (!copy) {
        copy = { ...node, ...this.declaredOf(node) };
        this.copies.set(node, copy);
      }
      return copy;
    });
    return changed ? result : nodes;
  }

  private declaredOf(node: EditorNode): Declared {
    const known = this.geometry.get(node.data);
    if (known && known.type === node.type) return known.declared;
    const { width, height, handles } = geometryFor(node.type, sourceHandlesOf(node.type, node.data));
    const declared = { measured: { width, height: height + DECLARED_HEIGHT_OFFSET }, handles };
    this.geometry.set(node.data, { type: node.type, declared });
    return declared;
  }
}
