import { findDemoOrder } from "@/lib/demo/orders";

export const dynamic = "force-dynamic";

/** POST /api/demo/orders/{id}/ship | /refund — answers what the demo Orders API would do. */
export async function POST(request: Request, { params }: { params: Promise<{ id: string; action: string }> }) {
  const { id, action } = await params;
  const order = findDemoOrder(id);
  if (!order) return Response.json({ error: "order not found" }, { status: 404 });
  if (action === "ship") return Response.json({ order_id: order.id, shipped: true, carrier: "DemoPost" });
  if (action === "refund") {
    const body = (await request.json().catch(() => ({}))) as { amount?: unknown };
    const amount = typeof body.amount === "number" ? body.amount : order.total;
    return Response.json({ order_id: order.id, refunded: amount, currency: order.currency });
  }
  return Response.json({ error: `unknown action ${action}` }, { status: 404 });
}
