/** The workflow engine (spec §5, §9). */
export { type ApprovalUser, isAssignee } from "./approvals";
export { createEngine } from "./create-engine";
export {
  makeEvent,
  type RunEventDataMap,
  RunEventBus,
  type RunEventListener,
  toWireError,
  toWireEvent,
  type WireError,
  type WireRunEvent,
} from "./events";
export { NON_RETRYABLE_CODES, retryDelayMs } from "./node-executor";
export type { DecideOutcome, EngineLimits, EngineOptions, StartRunParams, WorkflowEngine } from "./types";
