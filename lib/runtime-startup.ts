/** Start-up work of the app process; the runtime wiring adds crash recovery and sweeps here. */
export async function onServerStart(): Promise<void> {}
