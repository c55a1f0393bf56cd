import type { Metadata } from "next";
import { cookies } from "next/headers";
import type { ReactNode } from "react";
import "./globals.css";

export const metadata: Metadata = {
  title: { default: "Switchyard", template: "%s · Switchyard" },
  description: "Design, run and audit AI workflows.",
};

/** The theme comes from a cookie so the server renders the right colours: no flash, no layout jump. */
export default async function RootLayout({ children }: { children: ReactNode }) {
  const theme = (await cookies()).get("theme")?.value === "dark" ? "dark" : "light";
  return (
    <html lang="en" className={theme === "dark" ? "dark" : undefined}>
      <body className="min-h-full font-sans">{children}</body>
    </html>
  );
}
