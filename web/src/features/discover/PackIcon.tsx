import { createElement } from 'react';
import { type LucideIcon } from 'lucide-react';
import BookOpen from 'lucide-react/icons/book-open';
import Briefcase from 'lucide-react/icons/briefcase';
import Camera from 'lucide-react/icons/camera';
import ChefHat from 'lucide-react/icons/chef-hat';
import Code from 'lucide-react/icons/code';
import Cpu from 'lucide-react/icons/cpu';
import Film from 'lucide-react/icons/film';
import FlaskConical from 'lucide-react/icons/flask-conical';
import Gamepad2 from 'lucide-react/icons/gamepad-2';
import Globe from 'lucide-react/icons/globe';
import Heart from 'lucide-react/icons/heart';
import Landmark from 'lucide-react/icons/landmark';
import Leaf from 'lucide-react/icons/leaf';
import Music from 'lucide-react/icons/eighth-notes';
import Newspaper from 'lucide-react/icons/newspaper';
import Palette from 'lucide-react/icons/palette';
import Plane from 'lucide-react/icons/plane';
import Rss from 'lucide-react/icons/rss';
import Shield from 'lucide-react/icons/shield';
import Sprout from 'lucide-react/icons/sprout';
import Telescope from 'lucide-react/icons/telescope';
import Trophy from 'lucide-react/icons/trophy';

/** A starter pack's icon by the name the server gives (STARTER_PACK_ICONS); a name this build does not know is a feed icon. */
const PACK_ICONS: Record<string, LucideIcon> = {
  cpu: Cpu,
  telescope: Telescope,
  globe: Globe,
  palette: Palette,
  code: Code,
  leaf: Leaf,
  'book-open': BookOpen,
  'chef-hat': ChefHat,
  shield: Shield,
  newspaper: Newspaper,
  rss: Rss,
  music: Music,
  film: Film,
  gamepad: Gamepad2,
  camera: Camera,
  briefcase: Briefcase,
  heart: Heart,
  trophy: Trophy,
  landmark: Landmark,
  flask: FlaskConical,
  plane: Plane,
  sprout: Sprout,
};

/** A starter pack's icon, drawn from the app's icon set. */
export function PackIcon({ name, className }: { name: string; className?: string }) {
  return createElement(PACK_ICONS[name] ?? Rss, { 'aria-hidden': true, className });
}
