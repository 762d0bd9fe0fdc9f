import type { EditVideoProps, PostFormParts } from '../components/post-form/post-form-parts';
import { EditVideoDialog } from '../features/media/components/edit-video-dialog';
import { MediaUploaders } from '../features/media/components/media-uploader';
import { CaptionVariables } from '../features/variables/components/caption-variables';
import { WithVariables } from '../features/variables/components/with-variables';

/** Edit Video (media) with the variables feature: captions drawn with their values, its controls beside them. */
function EditVideo(props: EditVideoProps) {
  return (
    <WithVariables>
      {(variables) => (
        <EditVideoDialog
          {...props}
          variables={variables}
          variableControls={(insert) => <CaptionVariables insert={insert} />}
        />
      )}
    </WithVariables>
  );
}

/** What the composer and the recurring post dialog show of the media feature. */
export const postFormParts: PostFormParts = { MediaUploaders, EditVideo };
