"use client";

import { useEffect } from "react";

/**
 * While `unsaved`, asks before following an in-app link (the tab itself is covered by `beforeunload` in
 * useAutosave). Downloads, new tabs and other sites are let through.
 */
export function useLeaveGuard(unsaved: boolean): void {
  useEffect(() => {
    if (!unsaved) return;
    const onClick = (event: MouseEvent) => {
      const anchor = (event.target as HTMLElement | null)?.closest?.("a[href]") as HTMLAnchorElement | null;
      if (!anchor || anchor.hasAttribute("download") || anchor.target === "_blank" || anchor.origin !== window.location.origin) return;
      if (!window.confirm("This workflow has changes that are not saved yet. Leave anyway?")) {
        event.preventDefault();
        event.stopPropagation();
      }
    };
    document.addEventListener("click", onClick, true);
    return () => document.removeEventListener("click", onClick, true);
  }, [unsaved]);
}
