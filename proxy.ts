import NextAuth from "next-auth";
import { NextResponse } from "next/server";
import { authConfig, isPublicPath } from "@/lib/auth/config";

const { auth } = NextAuth(authConfig);

/**
 * Optimistic guard (Next.js 16 proxy): a signed-out visitor to an app page is sent to sign-in and
 * back afterwards (`callbackUrl`). Pages, actions and routes check the session again on the server.
 */
export default auth((request) => {
  const { pathname, search } = request.nextUrl;
  if (request.auth?.user || isPublicPath(pathname)) return NextResponse.next();
  if (pathname.startsWith("/api/")) {
    return NextResponse.json({ error: { code: "unauthenticated", message: "Please sign in to continue." } }, { status: 401 });
  }
  const url = new URL("/sign-in", request.nextUrl.origin);
  url.searchParams.set("callbackUrl", `${pathname}${search}`);
  return NextResponse.redirect(url);
});

export const config = {
  // Routes that authenticate themselves (API keys, webhook secrets) or need no session skip the proxy.
  matcher: ["/((?!_next/static|_next/image|favicon.ico|api/v1|api/hooks|api/mcp|api/health|api/demo|.*\\.(?:png|svg|ico|css|js)$).*)"],
};
