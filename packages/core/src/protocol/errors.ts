// one error shape for every rest answer and socket acknowledgement

export interface ApiError {
  statusCode: number;
  error: string;
  message: string;
  code?: string;
}

export type Ack<T = Record<string, never>> =
  | ({ ok: true } & T)
  | { ok: false; error: { code: string; message: string } };
