/**
 * Ends the current task: the browser paints and answers input before what follows runs. Start-up
 * steps are separated with it (module evaluation, the engines, the page's modules, hydration), so a
 * phone never meets them as one long task.
 */
export const nextTask = (): Promise<void> => new Promise<void>((resolve) => setTimeout(resolve, 0));
