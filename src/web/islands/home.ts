import { mountNavBar } from '../components/layout/nav-bar.island';
import { mountContactForm } from '../routes/public/contact-section.island';
import { mountHeroSlider } from '../routes/public/hero-slider.island';
import { mountLogoShowcase } from '../routes/public/logo-showcase.island';
import { mountNewsTicker } from '../routes/public/news-ticker.island';
import { mountIslands } from '../lib/islands';

mountIslands(mountNavBar, mountHeroSlider, mountNewsTicker, mountLogoShowcase, mountContactForm);
