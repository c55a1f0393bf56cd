/** The part of autocannon 8's API bench/http.bench.ts uses (the package ships no types). */
declare module "autocannon" {
  interface AutocannonRequest {
    method?: "GET" | "POST" | "PUT" | "DELETE";
    path?: string;
    headers?: Record<string, string>;
    body?: string;
  }
  interface AutocannonOptions {
    url: string;
    connections?: number;
    duration?: number;
    amount?: number;
    timeout?: number;
    requests?: AutocannonRequest[];
  }
  interface Histogram {
    average: number;
    p50: number;
    p90: number;
    p99: number;
    max: number;
  }
  interface AutocannonResult {
    "2xx": number;
    non2xx: number;
    errors: number;
    timeouts: number;
    latency: Histogram;
    requests: Histogram & { total: number };
  }
  function autocannon(options: AutocannonOptions): Promise<AutocannonResult>;
  export default autocannon;
}
