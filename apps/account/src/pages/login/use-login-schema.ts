// The sign-in form's schema, loaded after the form is on screen: it is built with zod (28 KiB
// brotli), which the first paint of /login does not need and which kept the page over its 300 KiB
// budget.
import type { loginRequestSchema } from '@switchyard/contracts/schemas';
import { useEffect, useState } from 'react';

type LoginSchema = typeof loginRequestSchema;

let loading: Promise<LoginSchema> | undefined;

/** Starts (once) and returns the schema's load. */
export const loadLoginSchema = (): Promise<LoginSchema> => {
  loading ??= import('./login-schema').then((module) => module.loginRequestSchema);
  return loading;
};

/** The schema once loaded; the load starts after the first frame the page has painted. */
export function useLoginSchema(): LoginSchema | undefined {
  const [schema, setSchema] = useState<LoginSchema>();
  useEffect(() => {
    let live = true;
    const frame = requestAnimationFrame(() => {
      void loadLoginSchema().then((loaded) => {
        if (live) setSchema(loaded);
      });
    });
    return () => {
      live = false;
      cancelAnimationFrame(frame);
    };
  }, []);
  return schema;
}
