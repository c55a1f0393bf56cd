/**
 * Edge and node states of one run (spec §5): an edge is undecided, taken or skipped; a node runs once no
 * incoming edge is undecided and at least one is taken, and is skipped when all are skipped (its outgoing
 * edges then skipped too). Counters per node make each decision O(out-degree), so a join after if/else
 * runs exactly once whatever the edge order.
 */
import type { SourceHandle } from "../nodes/node-definition";
import type { NodeRunStatus } from "../run-store";
import type { CompiledGraph } from "./compiled-graph";

const UNDECIDED = 117; // "u"
const TAKEN = 116; // "t"
const SKIPPED = 115; // "s"
const decoder = new TextDecoder();
const encoder = new TextEncoder();

/** Edge states and per-node counters of one run; see the module doc. */
export class GraphState {
  /** One ASCII code per edge: u / t / s (RunState.edges). */
  private readonly edges: Uint8Array;
  private readonly undecided: Int32Array;
  private readonly taken: Int32Array;
  /** Status per node index. */
  readonly status: NodeRunStatus[];

  /**
   * @param encodedEdges RunState.edges of a stored run; absent = every edge undecided.
   * @throws Error when `encodedEdges` does not fit the graph (a corrupt state).
   */
  constructor(
    private readonly graph: CompiledGraph,
    encodedEdges?: string,
  ) {
    const edgeCount = graph.edges.length;
    this.edges = encodedEdges === undefined ? new Uint8Array(edgeCount).fill(UNDECIDED) : encoder.encode(encodedEdges);
    if (this.edges.length !== edgeCount) throw new Error(`run state has ${this.edges.length} edge states for ${edgeCount} edges`);
    this.undecided = new Int32Array(graph.nodes.length);
    this.taken = new Int32Array(graph.nodes.length);
    this.status = graph.nodes.map(() => "pending");
    for (const edge of graph.edges) {
      const code = this.edges[edge.index];
      if (code === UNDECIDED) this.undecided[edge.target] += 1;
      else if (code === TAKEN) this.taken[edge.target] += 1;
      else if (code !== SKIPPED) throw new Error(`run state has an unknown edge state "${String.fromCharCode(code)}"`);
    }
  }

  /** RunState.edges: the edge states as one string. */
  encode(): string {
    return decoder.decode(this.edges);
  }

  /** The state of edge `index`. */
  edgeState(index: number): "undecided" | "taken" | "skipped" {
    const code = this.edges[index];
    return code === UNDECIDED ? "undecided" : code === TAKEN ? "taken" : "skipped";
  }

  /** Pending nodes whose inputs are ready (START of a fresh run; after a resume, any left behind). */
  readyNodes(): number[] {
    const ready: number[] = [];
    for (let i = 0; i < this.status.length; i++) {
      if (this.status[i] !== "pending" || this.undecided[i] !== 0) continue;
      if (this.taken[i] > 0 || this.graph.nodes[i].inEdges.length === 0) ready.push(i);
    }
    return ready;
  }

  /** Pending nodes whose incoming edges are all skipped but which were not marked skipped yet (after a resume). */
  skippableNodes(): number[] {
    const found: number[] = [];
    for (let i = 0; i < this.status.length; i++) {
      if (this.status[i] === "pending" && this.undecided[i] === 0 && this.taken[i] === 0 && this.graph.nodes[i].inEdges.length > 0)
        found.push(i);
    }
    return found;
  }

  /**
   * Decides the outgoing edges of `node`: taken when their handle is in `handles`, else skipped; cascades
   * skips. Returns the nodes that became ready and the nodes skipped, in the order they were decided.
   */
  decideOutgoing(node: number, handles: ReadonlySet<SourceHandle>): { ready: number[]; skipped: number[] } {
    const ready: number[] = [];
    const skipped: number[] = [];
    const work: Array<[number, boolean]> = [];
    for (const edge of this.graph.nodes[node].outEdges) work.push([edge, handles.has(this.graph.edges[edge].handle)]);
    this.drain(work, ready, skipped);
    return { ready, skipped };
  }

  /** Marks `node` skipped and skips its outgoing edges (cascading). Returns every node skipped, `node` first. */
  skip(node: number): { ready: number[]; skipped: number[] } {
    const ready: number[] = [];
    const skipped: number[] = [node];
    this.status[node] = "skipped";
    const work: Array<[number, boolean]> = this.graph.nodes[node].outEdges.map((edge) => [edge, false]);
    this.drain(work, ready, skipped);
    return { ready, skipped };
  }

  private drain(work: Array<[number, boolean]>, ready: number[], skipped: number[]): void {
    // Processed in order (a queue), so skips are reported breadth-first from the deciding node.
    for (let head = 0; head < work.length; head++) {
      const [edgeIndex, take] = work[head];
      if (this.edges[edgeIndex] !== UNDECIDED) continue;
      this.edges[edgeIndex] = take ? TAKEN : SKIPPED;
      const target = this.graph.edges[edgeIndex].target;
      this.undecided[target] -= 1;
      if (take) this.taken[target] += 1;
      if (this.undecided[target] !== 0 || this.status[target] !== "pending") continue;
      if (this.taken[target] > 0) {
        ready.push(target);
      } else {
        this.status[target] = "skipped";
        skipped.push(target);
        for (const edge of this.graph.nodes[target].outEdges) work.push([edge, false]);
      }
    }
  }
}
