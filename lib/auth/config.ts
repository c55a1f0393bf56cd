import type { NextAuthConfig } from "next-auth";

/** Paths a signed-out visitor may open. Everything else requires a session. */
export const PUBLIC_PATHS = ["/sign-in", "/register", "/api/auth", "/api/health", "/api/v1", "/api/hooks", "/api/mcp", "/api/demo"];

export function isPublicPath(pathname: string): boolean {
  return PUBLIC_PATHS.some((p) => pathname === p || pathname.startsWith(`${p}/`));
}

/**
 * The part of the Auth.js configuration that needs no database, shared by the proxy (optimistic
 * redirect to sign-in) and the full configuration in ./auth.ts. JWT sessions carry the user's id and role.
 */
export const authConfig = {
  trustHost: true,
  session: { strategy: "jwt", maxAge: 60 * 60 * 24 * 14 },
  pages: { signIn: "/sign-in" },
  providers: [],
  callbacks: {
    authorized({ auth, request }) {
      return isPublicPath(request.nextUrl.pathname) || Boolean(auth?.user);
    },
    jwt({ token, user }) {
      if (user) {
        token.uid = user.id;
        token.role = (user as { role?: string }).role ?? "member";
      }
      return token;
    },
    session({ session, token }) {
      if (session.user) {
        session.user.id = String(token.uid ?? token.sub ?? "");
        (session.user as { role?: string }).role = String(token.role ?? "member");
      }
      return session;
    },
  },
} satisfies NextAuthConfig;
