export declare const installState: {
    canInstall: boolean;
    installed: boolean;
};
/** Called once at start-up: the prompt fires early, before the Settings page may have loaded. */
export declare function listenForInstallPrompt(target?: Window): void;
export declare function promptInstall(): Promise<'accepted' | 'dismissed' | 'unavailable'>;
