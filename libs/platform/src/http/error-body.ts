/** The one error body every failure answers with: `{ error: { code, message } }`. */
export interface ErrorBody {
  error: { code: number; message: string };
}

export function errorBody(code: number, message: string): ErrorBody {
  return { error: { code, message } };
}
