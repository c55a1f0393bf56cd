import { findDemoOrder } from "@/lib/demo/orders";

export const dynamic = "force-dynamic";

/**
 * GET /api/demo/orders/{id}: a tiny built-in "Orders API" the seeded demo connector calls, so the demo
 * workflows run without an external system. 1001 is paid, 1002 is unpaid; others are 404.
 */
export async function GET(_request: Request, { params }: { params: Promise<{ id: string }> }) {
  const order = findDemoOrder((await params).id);
  if (!order) return Response.json({ error: "order not found" }, { status: 404 });
  return Response.json(order);
}
