import { mountNavBar } from '../components/layout/nav-bar.island';
import { mountPaymentSection } from '../routes/public/payment-section.island';
import { mountIslands } from '../lib/islands';

mountIslands(mountNavBar, mountPaymentSection);
