"use client";

import { useEffect, useState } from "react";

/**
 * The live number of approvals waiting for the signed-in user, from the SSE stream at
 * /api/approvals/count (an event `count` with `{count}` whenever it changes). The badge keeps a fixed
 * width so the navigation does not jump when the number appears.
 */
export function ApprovalsCount() {
  const [count, setCount] = useState<number | null>(null);
  useEffect(() => {
    const source = new EventSource("/api/approvals/count");
    source.addEventListener("count", (event) => setCount(JSON.parse((event as MessageEvent).data).count));
    return () => source.close();
  }, []);
  return (
    <span
      data-testid="approvals-count"
      className={count ? "min-w-5 rounded-full bg-amber-500 px-1.5 text-center text-xs font-semibold leading-5 text-white" : "min-w-5"}
    >
      {count ? count : ""}
      {count ? <span className="sr-only"> pending approvals</span> : null}
    </span>
  );
}
