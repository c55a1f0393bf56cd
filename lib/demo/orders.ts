/** The demo Orders API's fixed data (app/api/demo/orders). */
export interface DemoOrder {
  id: string;
  status: "paid" | "unpaid";
  total: number;
  currency: string;
  customer: string;
}

const orders: Record<string, DemoOrder> = {
  "1001": { id: "1001", status: "paid", total: 129.5, currency: "EUR", customer: "Ada Lovelace" },
  "1002": { id: "1002", status: "unpaid", total: 42, currency: "EUR", customer: "Grace Hopper" },
};

export function findDemoOrder(id: string): DemoOrder | undefined {
  return orders[id];
}
