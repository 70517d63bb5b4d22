// One definition per remote: its name, its build and its strings. Importing a remote's definition
// registers its namespace (every page imports its RemoteRoot, so the strings are there before the
// page's first render, in the console and in tests alike); RemoteRoot is the outermost element
// of each of its pages, says which remote and build rendered it, and brings the focus ring. The
// query client, the router and the error boundary with its retry come from the shell, around every
// remote page.
import type { RemoteName } from '@switchyard/contracts';
import type { ComponentType, ReactNode } from 'react';
import { registerTranslations } from '../i18n/i18n';
import type { NamespaceTranslations, TranslationTree } from '../i18n/translation';

export interface RemoteDefinition<T extends TranslationTree> {
  name: RemoteName;
  /** The build id (SWITCHYARD_BUILD_ID of the remote's own build: the kit is the shell's copy). */
  build: string;
  /** The i18next namespace of its strings; the remote's name by default. */
  namespace?: string;
  translations: NamespaceTranslations<T>;
  /** Padding around every page of the remote, in px. */
  padding?: number;
}

export interface RemoteRootProps {
  children: ReactNode;
  testId?: string;
}

export interface Remote {
  name: RemoteName;
  build: string;
  namespace: string;
  /** Registers the namespace again (tests that reset i18next call it). */
  registerTranslations: () => void;
  RemoteRoot: ComponentType<RemoteRootProps>;
}

export function defineRemote<T extends TranslationTree>(definition: RemoteDefinition<T>): Remote {
  const { name, build, padding } = definition;
  const namespace = definition.namespace ?? name;
  const register = () => registerTranslations(namespace, definition.translations);
  register();
  function RemoteRoot({ children, testId }: RemoteRootProps) {
    return (
      <div
        data-remote={name}
        data-build={build}
        data-testid={testId}
        style={padding ? { padding } : undefined}
      >
        {children}
      </div>
    );
  }
  RemoteRoot.displayName = `RemoteRoot(${name})`;
  return { name, build, namespace, registerTranslations: register, RemoteRoot };
}
