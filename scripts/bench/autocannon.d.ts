// The part of autocannon 9's API that scripts/bench uses (the package ships no types).
declare module "autocannon" {
  type RequestParams = {
    method?: string;
    path?: string;
    headers?: Record<string, string>;
    body?: string | Buffer;
  };
  type Request = RequestParams & {
    setupRequest?: (req: RequestParams, context: Record<string, unknown>) => RequestParams;
  };
  type Histogram = {
    average: number;
    mean: number;
    p50: number;
    p99: number;
    max: number;
    total: number;
  };
  export type Result = {
    requests: Histogram;
    latency: Histogram;
    throughput: Histogram;
    errors: number;
    timeouts: number;
    non2xx: number;
    duration: number;
  };
  type Options = {
    url: string;
    connections?: number;
    duration?: number;
    amount?: number;
    timeout?: number;
    pipelining?: number;
    requests?: Request[];
  };
  type Instance = Promise<Result> & {
    on(event: "response", listener: (client: unknown, statusCode: number) => void): void;
  };
  function autocannon(options: Options): Instance;
  export default autocannon;
}
