import type { Metadata } from "next";
import Link from "next/link";
import { ApiReference, type OpenApiDocument } from "@/components/api-reference/api-reference";
import { PageHeader } from "@/components/ui/page";
import { apiOpenApiDocument } from "@/lib/api/openapi";
import { requirePageUser } from "@/lib/auth/session";

export const metadata: Metadata = { title: "API reference" };

export default async function ApiReferencePage() {
  await requirePageUser("/settings/api-keys/reference");
  const document = apiOpenApiDocument() as unknown as OpenApiDocument;
  return (
    <div className="mx-auto max-w-5xl px-8 py-8">
      <PageHeader
        title="API reference"
        description={
          <>
            Rendered from{" "}
            <a className="font-mono underline" href="/api/v1/openapi.json">
              /api/v1/openapi.json
            </a>
            . Keys are made in{" "}
            <Link className="underline" href="/settings/api-keys">
              Settings → API keys
            </Link>
            .
          </>
        }
      />
      <ApiReference document={document} />
    </div>
  );
}
