"use client";

import { createContext, useContext } from "react";
import type { VariableGroup } from "../upstream";

/** What the selected node's template fields may refer to (spec §3), for the picker and the reference check. */
export interface VariablesContextValue {
  groups: VariableGroup[];
  allNodeIds: ReadonlySet<string>;
}

export const VariablesContext = createContext<VariablesContextValue>({ groups: [], allNodeIds: new Set() });

export function useVariables(): VariablesContextValue {
  return useContext(VariablesContext);
}
