/** The home block's rows (HomeRecognitions) and the placeholder that holds their place (HomeRecognitionsSlot). */
export const HOME_RECOGNITIONS_SHOWN = 5;
export const HOME_RECOGNITION_ROW_PX = 64;
