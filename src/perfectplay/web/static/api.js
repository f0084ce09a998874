// The JSON API, as promises. Every failure becomes an ApiError carrying the
// server's {"error": {"field", "message"}} so the page can show one sentence.

const TIMEOUT_MS = 60000; // the server bounds each search; this only guards a dead connection

export class ApiError extends Error {
  constructor(status, field, message) {
    super(message);
    this.status = status;
    this.field = field;
  }
}

async function request(method, path, body) {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), TIMEOUT_MS);
  // A GET carries no body at all, not even an empty one.
  const init = { method, signal: controller.signal };
  if (body !== undefined) {
    init.headers = { "content-type": "application/json" };
    init.body = JSON.stringify(body);
  }
  let response;
  try {
    response = await fetch(path, init);
  } catch {
    throw new ApiError(0, null, "The server cannot be reached. Is perfectplay serve still running?");
  } finally {
    clearTimeout(timer);
  }
  const data = await response.json().catch(() => null);
  if (!response.ok) {
    const error = data && data.error ? data.error : { field: null, message: `HTTP ${response.status}` };
    throw new ApiError(response.status, error.field, error.message);
  }
  return data;
}

export const analyze = (body) => request("POST", "/api/analyze", body);
export const move = (body) => request("POST", "/api/move", body);
export const position = (body) => request("POST", "/api/position", body);
export const tree = (body) => request("POST", "/api/tree", body);
export const orders = (body) => request("POST", "/api/orders", body);
export const compare = (body) => request("POST", "/api/compare", body);
export const textbook = (body) => request("POST", "/api/textbook", body);
export const quiz = (body) => request("POST", "/api/quiz", body);
export const practice = (body) => request("POST", "/api/practice", body);
export const mcts = (body) => request("POST", "/api/mcts", body);
export const mctsConvergence = (body) => request("POST", "/api/mcts/convergence", body);
export const games = () => request("GET", "/api/games");
export const levels = () => request("GET", "/api/levels");
