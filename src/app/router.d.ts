import { type RouteObject } from 'react-router-dom';
export declare const routes: RouteObject[];
export declare const createAppRouter: () => import("react-router").DataRouter;
