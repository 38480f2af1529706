// The three.js preview: one loaded file at a time (MeshcodecLoader's result, the page's only
// conversion to three.js), framed by its bounds, its first animation playing, the skeleton drawn.
import {
  AnimationMixer,
  Box3,
  Color,
  DirectionalLight,
  DoubleSide,
  GridHelper,
  HemisphereLight,
  LineBasicMaterial,
  PerspectiveCamera,
  Scene,
  SkeletonHelper,
  Timer,
  Vector3,
  WebGLRenderer,
  type AnimationClip,
  type Material,
  type Mesh,
  type Object3D,
} from 'three';
import type { MeshcodecResult } from '../../bindings/three/index.js';

/** The preview's background; the browser test checks the canvas holds other colours too. */
export const CLEAR_COLOR = 0x1d2430;

export class Preview {
  private readonly renderer: WebGLRenderer;
  private readonly scene = new Scene();
  private readonly camera = new PerspectiveCamera(40, 1, 0.01, 1000);
  private readonly timer = new Timer();
  private shown: Object3D[] = [];
  private mixer: AnimationMixer | undefined;
  private clips: AnimationClip[] = [];

  constructor(private readonly canvas: HTMLCanvasElement) {
    // preserveDrawingBuffer: the test (and a user's "save image") can read the pixels after a frame.
    this.renderer = new WebGLRenderer({ canvas, antialias: true, preserveDrawingBuffer: true });
    this.renderer.setPixelRatio(window.devicePixelRatio);
    this.scene.background = new Color(CLEAR_COLOR);
    this.scene.add(new HemisphereLight(0xffffff, 0x445060, 2.2));
    const sun = new DirectionalLight(0xffffff, 2);
    sun.position.set(3, 5, 4);
    this.scene.add(sun);
    this.renderer.setAnimationLoop(() => this.frame());
  }

  /** Shows a loaded file; returns the names of its animations (the first one plays). */
  show(result: MeshcodecResult): string[] {
    for (const object of this.shown) this.scene.remove(object);
    const root = result.scene;
    // Double-sided: formats disagree on winding, and a preview should show every face.
    root.traverse((object) => {
      if ((object as Mesh).isMesh) for (const material of ([] as Material[]).concat((object as Mesh).material)) material.side = DoubleSide;
    });
    this.shown = [root];
    this.scene.add(root);
    let hasBones = false;
    root.traverse((object) => (hasBones ||= (object as { isBone?: boolean }).isBone === true));
    if (hasBones) {
      const skeletonHelper = new SkeletonHelper(root);
      // Drawn over the mesh, so that the bones inside it show.
      (skeletonHelper.material as LineBasicMaterial).depthTest = false;
      skeletonHelper.renderOrder = 1;
      this.scene.add(skeletonHelper);
      this.shown.push(skeletonHelper);
    }
    this.frameCamera(root);
    this.mixer = new AnimationMixer(root);
    this.clips = result.animations;
    this.play(0);
    return this.clips.map((clip) => clip.name);
  }

  /** Stops or restarts drawing (the throughput measurement pauses it: software WebGL is costly). */
  setRunning(running: boolean): void {
    this.renderer.setAnimationLoop(running ? () => this.frame() : null);
  }

  play(index: number): void {
    this.mixer?.stopAllAction();
    const clip = this.clips[index];
    if (clip && this.mixer) this.mixer.clipAction(clip).play();
  }

  private frameCamera(root: Object3D): void {
    root.updateMatrixWorld(true);
    const box = new Box3().setFromObject(root, true);
    if (box.isEmpty()) box.expandByPoint(new Vector3(-1, -1, -1)).expandByPoint(new Vector3(1, 1, 1));
    const size = box.getSize(new Vector3()).length() || 1;
    const centre = box.getCenter(new Vector3());
    const grid = new GridHelper(size * 2, 10, 0x55606e, 0x333c48);
    grid.position.set(centre.x, box.min.y, centre.z);
    this.scene.add(grid);
    this.shown.push(grid);
    this.camera.near = size / 100;
    this.camera.far = size * 100;
    this.camera.position.copy(centre).add(new Vector3(0.6, 0.45, 1).normalize().multiplyScalar(size * 1.7));
    this.camera.lookAt(centre);
    this.camera.updateProjectionMatrix();
  }

  private frame(): void {
    const { clientWidth: width, clientHeight: height } = this.canvas;
    if (this.canvas.width !== Math.floor(width * this.renderer.getPixelRatio()) || this.canvas.height !== Math.floor(height * this.renderer.getPixelRatio())) {
      this.renderer.setSize(width, height, false);
      this.camera.aspect = width / Math.max(height, 1);
      this.camera.updateProjectionMatrix();
    }
    this.timer.update();
    this.mixer?.update(this.timer.getDelta());
    this.renderer.render(this.scene, this.camera);
  }
}
