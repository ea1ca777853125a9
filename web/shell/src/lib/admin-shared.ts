import * as React from 'react';
import * as JsxRuntime from 'react/jsx-runtime';
import * as ReactDOM from 'react-dom';
import * as ReactDOMClient from 'react-dom/client';
import * as ReactQuery from '@tanstack/react-query';
import {
  BrowserRouter,
  Link,
  Navigate,
  NavLink,
  Outlet,
  Route,
  Routes,
  useLocation,
  useNavigate,
  useParams,
  useSearchParams,
} from 'react-router';

/**
 * The shell's own copies of the admin remote's shared singletons (web/admin/federation-shared.ts), handed to the
 * federation runtime when /admin12YardsDB loads the remote. The shell is a runtime-only host: no federation
 * plugin in its build, so public pages carry no federation runtime and react-router is tree-shaken. react-router
 * is shared by the names the admin uses (its Routes must read the shell's router context): a new name the admin
 * imports must be added here.
 */
const routerApi = {
  BrowserRouter,
  Link,
  Navigate,
  NavLink,
  Outlet,
  Route,
  Routes,
  useLocation,
  useNavigate,
  useParams,
  useSearchParams,
};

declare const __SHARED_VERSIONS__: Record<string, string>;
/** The installed versions, written in by vite.config.ts (federation-shared.ts); jest has only React's. */
const VERSIONS: Record<string, string> = typeof __SHARED_VERSIONS__ === 'object' ? __SHARED_VERSIONS__ : {};

const share = (version: string = React.version, lib: object) => ({
  version,
  scope: 'default',
  lib: () => lib,
  shareConfig: { singleton: true, requiredVersion: `^${version}` },
});

export const adminShared = {
  react: share(VERSIONS['react'], React),
  'react/jsx-runtime': share(VERSIONS['react'], JsxRuntime),
  'react-dom': share(VERSIONS['react-dom'], ReactDOM),
  'react-dom/client': share(VERSIONS['react-dom'], ReactDOMClient),
  'react-router': share(VERSIONS['react-router'], routerApi),
  '@tanstack/react-query': share(VERSIONS['@tanstack/react-query'], ReactQuery),
};
