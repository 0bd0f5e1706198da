/** Shows a PlayPauseButton as paused or playing: `what` as in its markup ('slideshow', 'news ticker'). */
export function setPlayPause(button: HTMLElement, paused: boolean, what: string) {
  button.toggleAttribute('data-paused', paused);
  button.setAttribute('aria-label', paused ? `Play ${what}` : `Pause ${what}`);
}
