import { type ComponentType, createContext, useContext } from 'react';
import type { VideoEdits } from '../../../shared/api/posts.schemas';
import type { DraftMedia } from './draft-media';

export interface MediaUploadersProps {
  media: DraftMedia[];
  onChange: (media: DraftMedia[]) => void;
  /** Opens Edit Video for one of the videos. */
  onEditVideo: (video: DraftMedia) => void;
}

export interface EditVideoProps {
  video: DraftMedia;
  onDone: (edits: VideoEdits) => void;
  onClose: () => void;
}

/**
 * The media feature's parts in a post being written: the uploaders and Edit Video. The composer (posts)
 * and the recurring post dialog (recurring) show them; the app's /posts route fills them (decision 009:
 * features meet in the app layer), so neither feature imports the media feature.
 */
export interface PostFormParts {
  MediaUploaders?: ComponentType<MediaUploadersProps>;
  EditVideo?: ComponentType<EditVideoProps>;
}

const PostFormPartsContext = createContext<PostFormParts>({});

export const PostFormPartsProvider = PostFormPartsContext.Provider;
export const usePostFormParts = () => useContext(PostFormPartsContext);
