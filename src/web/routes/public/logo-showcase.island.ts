/** LogoShowcase's reveal: logos still below the fold wait hidden, and animate in once a fifth of them is in view. */
export function mountLogoShowcase() {
  const el = document.querySelector<HTMLElement>('[data-reveal]');
  if (!el || !('IntersectionObserver' in window) || window.matchMedia('(prefers-reduced-motion: reduce)').matches) return;
  if (el.getBoundingClientRect().top < window.innerHeight) return;
  el.dataset.reveal = 'waiting';
  const observer = new IntersectionObserver((entries) => {
    if (entries.some((e) => e.isIntersecting)) { el.dataset.reveal = 'shown'; observer.disconnect(); }
  }, { threshold: 0.2 });
  observer.observe(el);
}
