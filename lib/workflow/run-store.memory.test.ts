import { InMemoryRunStore } from "./memory-run-store";
import { describeRunStoreConformance } from "./run-store.conformance";

describeRunStoreConformance("InMemoryRunStore", async () => ({ store: new InMemoryRunStore(), cleanup: async () => {} }));
