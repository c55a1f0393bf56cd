"use client";

import { useEffect, useState } from "react";

/** "dark" while the page has the `dark` class (the theme toggle sets it), else "light". */
export function useColorMode(initial: "light" | "dark"): "light" | "dark" {
  const [mode, setMode] = useState(initial);
  useEffect(() => {
    const root = document.documentElement;
    const read = () => setMode(root.classList.contains("dark") ? "dark" : "light");
    read();
    const observer = new MutationObserver(read);
    observer.observe(root, { attributes: true, attributeFilter: ["class"] });
    return () => observer.disconnect();
  }, []);
  return mode;
}
