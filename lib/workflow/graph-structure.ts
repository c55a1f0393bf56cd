/**
 * Graph algorithms used by validation and the engine: adjacency, cycles (Tarjan), reachability and
 * ancestor sets. Linear in nodes + edges except `ancestorBitsets` (n²/32 words), all iterative
 * (no recursion limit on deep graphs).
 */

/** Adjacency over node indexes 0..n-1. */
export interface Adjacency {
  outgoing: number[][];
  incoming: number[][];
}

/** Builds adjacency lists from `[source, target]` index pairs. */
export function buildAdjacency(nodeCount: number, edges: ReadonlyArray<readonly [number, number]>): Adjacency {
  const outgoing: number[][] = Array.from({ length: nodeCount }, () => []);
  const incoming: number[][] = Array.from({ length: nodeCount }, () => []);
  for (const [source, target] of edges) {
    outgoing[source].push(target);
    incoming[target].push(source);
  }
  return { outgoing, incoming };
}

/**
 * Strongly connected components that form cycles: components of two or more nodes, and single nodes
 * with a self-loop. Each component lists node indexes in ascending order; components in order of their
 * smallest index.
 */
export function findCycles(adjacency: Adjacency): number[][] {
  const n = adjacency.outgoing.length;
  const index = new Int32Array(n).fill(-1);
  const low = new Int32Array(n);
  const onStack = new Uint8Array(n);
  const stack: number[] = [];
  const cycles: number[][] = [];
  let counter = 0;
  for (let root = 0; root < n; root++) {
    if (index[root] !== -1) continue;
    const work: Array<[number, number]> = [[root, 0]];
    index[root] = low[root] = counter++;
    stack.push(root);
    onStack[root] = 1;
    while (work.length > 0) {
      const frame = work[work.length - 1];
      const [node, next] = frame;
      const targets = adjacency.outgoing[node];
      if (next < targets.length) {
        frame[1] = next + 1;
        const target = targets[next];
        if (index[target] === -1) {
          index[target] = low[target] = counter++;
          stack.push(target);
          onStack[target] = 1;
          work.push([target, 0]);
        } else if (onStack[target]) {
          low[node] = Math.min(low[node], index[target]);
        }
        continue;
      }
      work.pop();
      if (work.length > 0) {
        const parent = work[work.length - 1][0];
        low[parent] = Math.min(low[parent], low[node]);
      }
      if (low[node] === index[node]) {
        const component: number[] = [];
        let member: number;
        do {
          member = stack.pop() as number;
          onStack[member] = 0;
          component.push(member);
        } while (member !== node);
        if (component.length > 1 || adjacency.outgoing[node].includes(node)) cycles.push(component.sort((a, b) => a - b));
      }
    }
  }
  return cycles.sort((a, b) => a[0] - b[0]);
}

/** Nodes reachable from `roots` (roots included), as a 0/1 array. */
export function reachableFrom(adjacency: Adjacency, roots: readonly number[]): Uint8Array {
  const seen = new Uint8Array(adjacency.outgoing.length);
  const queue = [...roots];
  for (const root of roots) seen[root] = 1;
  while (queue.length > 0) {
    const node = queue.pop() as number;
    for (const target of adjacency.outgoing[node]) {
      if (!seen[target]) {
        seen[target] = 1;
        queue.push(target);
      }
    }
  }
  return seen;
}

/** A topological order (Kahn), or null when the graph has a cycle. */
export function topologicalOrder(adjacency: Adjacency): number[] | null {
  const n = adjacency.outgoing.length;
  const remaining = new Int32Array(n);
  for (let i = 0; i < n; i++) remaining[i] = adjacency.incoming[i].length;
  const order: number[] = [];
  for (let i = 0; i < n; i++) if (remaining[i] === 0) order.push(i);
  for (let head = 0; head < order.length; head++) {
    for (const target of adjacency.outgoing[order[head]]) {
      remaining[target] -= 1;
      if (remaining[target] === 0) order.push(target);
    }
  }
  return order.length === n ? order : null;
}

/**
 * "Is `a` an ancestor of `b`" for every pair, as one bitset per node. On a graph with cycles it falls back
 * to a reverse search per node (such a graph is invalid anyway).
 */
export function ancestorTest(adjacency: Adjacency): (ancestor: number, node: number) => boolean {
  const n = adjacency.outgoing.length;
  const words = Math.ceil(n / 32);
  const order = topologicalOrder(adjacency);
  if (order === null) {
    const cache = new Map<number, Uint8Array>();
    return (ancestor, node) => {
      let set = cache.get(node);
      if (!set) {
        set = reachableFrom({ outgoing: adjacency.incoming, incoming: adjacency.outgoing }, adjacency.incoming[node]);
        cache.set(node, set);
      }
      return set[ancestor] === 1;
    };
  }
  const bits = new Uint32Array(n * words);
  for (const node of order) {
    const base = node * words;
    for (const parent of adjacency.incoming[node]) {
      const parentBase = parent * words;
      for (let w = 0; w < words; w++) bits[base + w] |= bits[parentBase + w];
      bits[base + (parent >>> 5)] |= 1 << (parent & 31);
    }
  }
  return (ancestor, node) => (bits[node * words + (ancestor >>> 5)] & (1 << (ancestor & 31))) !== 0;
}
