// The browser tests that check a textured render: the page's render of a figure from the front,
// and how much of its screenshot is drawn and coloured (pixels that are not the white background,
// and how many of those are not grey).
import { decode as decodePng } from 'fast-png';

/** Pixels of a PNG screenshot that are not the white background, and how many of them are coloured (channels spread by more than 24). */
export function colourStats(png: Uint8Array): { drawn: number; coloured: number } {
  const image = decodePng(png);
  const channels = image.channels;
  let drawn = 0;
  let coloured = 0;
  for (let i = 0; i < image.data.length; i += channels) {
    const r = image.data[i]!;
    const g = image.data[i + 1]!;
    const b = image.data[i + 2]!;
    if (r > 245 && g > 245 && b > 245) continue;
    drawn++;
    if (Math.max(r, g, b) - Math.min(r, g, b) > 24) coloured++;
  }
  return { drawn, coloured };
}

/** The screenshot size the textured-render tests use. */
export const SCREENSHOT_SIZE = { width: 480, height: 640 };

/**
 * Page script (text, for a `<script type="module">` that has imported THREE as `THREE`): defines
 * `renderFront(root)`, which draws `root` on a white canvas of SCREENSHOT_SIZE with ambient and
 * sun light, the camera looking at its front (IQM figures face +x; the glTF writer keeps x when it
 * turns Z-up Y-up).
 */
export const RENDER_FRONT_SCRIPT = `
function renderFront(root) {
  const renderer = new THREE.WebGLRenderer({ antialias: false, preserveDrawingBuffer: true });
  renderer.setSize(${SCREENSHOT_SIZE.width}, ${SCREENSHOT_SIZE.height});
  renderer.setClearColor(0xffffff);
  document.body.replaceChildren(renderer.domElement);
  const scene = new THREE.Scene();
  scene.add(root, new THREE.AmbientLight(0xffffff, 1.5));
  const sun = new THREE.DirectionalLight(0xffffff, 2);
  sun.position.set(1, 2, 3);
  scene.add(sun);
  const box = new THREE.Box3().setFromObject(root);
  const centre = box.getCenter(new THREE.Vector3());
  const size = box.getSize(new THREE.Vector3());
  const camera = new THREE.PerspectiveCamera(35, ${SCREENSHOT_SIZE.width} / ${SCREENSHOT_SIZE.height}, size.length() / 100, size.length() * 10);
  camera.position.set(centre.x + size.y * 2.3, centre.y, centre.z);
  camera.lookAt(centre);
  renderer.render(scene, camera);
}
`;
