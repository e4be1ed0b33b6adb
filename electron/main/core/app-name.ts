/** The app's name, which is also its data folder's name in the OS's app-data location (desktop and browser mode share it). */
export const APP_NAME = 'Docs Admin';
