// One AnimationClip per Asset animation, named as in the file (`animation_N` when unnamed, as
// GLTFLoader does): per track, a position, quaternion and scale track on the bone's name, at the
// track's own key times with linear interpolation (spherical for rotations), as the glTF writer
// keys them (rotations scaled to unit length in place, as it writes them). The Asset model has no morph-weight animation, so there are no
// `.morphTargetInfluences` tracks to make. Key arrays are used as they are (three.js keeps a
// Float32Array it is given).
import { AnimationClip, QuaternionKeyframeTrack, VectorKeyframeTrack, type Bone, type KeyframeTrack } from 'three';
import type { Animation } from '../model/asset.js';
import { unitRotationsInPlace } from './unit-rotations.js';

export function buildClip(animation: Animation, index: number, bones: readonly Bone[], warnings: string[]): AnimationClip {
  const tracks: KeyframeTrack[] = [];
  let missing = 0;
  for (const track of animation.tracks) {
    const bone = bones[track.joint];
    if (!bone) {
      missing++;
      continue;
    }
    if (track.times.length === 0) continue;
    if (track.translation) tracks.push(new VectorKeyframeTrack(`${bone.name}.position`, track.times, track.translation));
    if (track.rotation && unitRotationsInPlace(track.rotation) > 0) warnings.push(`animation ${animation.name}: zero or non-finite rotation keys were read as the identity`);
    if (track.rotation) tracks.push(new QuaternionKeyframeTrack(`${bone.name}.quaternion`, track.times, track.rotation));
    if (track.scale) tracks.push(new VectorKeyframeTrack(`${bone.name}.scale`, track.times, track.scale));
  }
  if (missing) warnings.push(`animation ${animation.name}: ${missing} tracks for joints the skeleton does not have are left out`);
  const clip = new AnimationClip(animation.name || `animation_${index}`, -1, tracks);
  clip.userData = { frameRate: animation.frameRate, frameCount: animation.frameCount, ...(animation.loop !== undefined ? { loop: animation.loop } : {}) };
  return clip;
}
